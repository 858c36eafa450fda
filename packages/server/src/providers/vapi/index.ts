/** @module Vapi browser voice calls. */
export {
  type AssistantInput,
  type CloneVoice,
  DEFAULT_VAPI_VOICE,
  FALLBACK_VOICES,
  IDLE_MESSAGES,
  transcriberFor,
  UnsupportedVoiceProvider,
  VAPI_TIMINGS,
  type VapiCallMetadata,
  vapiAssistant,
  voiceFor,
} from './vapi-assistant';
export {
  VAPI_BASE_URL,
  type VapiCalls,
  type VapiConfig,
  VapiError,
  VapiWebCall,
  vapiCalls,
  vapiProvider,
} from './vapi-provider';
