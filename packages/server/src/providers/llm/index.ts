/** @module The answers provider. */
export { DEFAULT_LLM_MODEL, type LlmConfig, llmProvider } from './llm-provider';
