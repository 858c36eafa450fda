/** @module core/capture — the embed's e-mail/phone capture flow. */
export { type CaptureActionLabels, captureActions } from './capture-actions';
export { CAPTURE_TEXT, type CaptureLine, captureLines } from './capture-lines';
export { capturePlaceholder } from './capture-placeholder';
export { type CaptureSetupInput, captureSetup, EMPTY_CAPTURE_VALUES } from './capture-setup';
export { type CaptureEvent, captureTransition } from './capture-transition';
export {
  type CaptureChatFacts,
  type CaptureEffectResult,
  type CaptureEffects,
  type CaptureFlow,
  type CaptureFlowOptions,
  type CaptureFlowState,
  type CaptureVerifyResult,
  createCaptureFlow,
} from './create-capture-flow';
export { formatUsPhone } from './format-us-phone';
export { isCapturing } from './is-capturing';
export { type PhoneCheck, validateCapturePhone } from './validate-capture-phone';
