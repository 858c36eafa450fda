/**
 * @module The clone's answers (DESIGN §3): grounded local answers by default; any
 * OpenAI-compatible chat-completions endpoint with LLM_BASE_URL. Retrieval is the same for both.
 */
import { type Brain, createLlmBrain, createLocalBrain, withCreatorKnowledge } from '@doppel/brain';
import type { Queryable } from '@doppel/db';
import { optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

export const llmProvider = provider({
  title: 'Answers (LLM)',
  concern: "the clone's answers",
  localDefault: "grounded extractive answers composed from the clone's own passages, with `[n]` markers",
  real: 'any OpenAI-compatible chat-completions endpoint (e.g. `https://api.openai.com/v1`); the model gets the same retrieved passages, numbered, and its `[n]` markers map to the same citations',
  settings: {
    LLM_BASE_URL: setting(
      optionalUrl,
      'unset: local answers',
      'An OpenAI-compatible chat-completions endpoint.',
    ),
    LLM_API_KEY: setting(optional, 'unset', 'The key of `LLM_BASE_URL`.'),
    LLM_MODEL: setting(optional, DEFAULT_LLM_MODEL, 'The model asked at `LLM_BASE_URL`.'),
  },
  read: (e) => ({
    baseUrl: e.LLM_BASE_URL ?? null,
    apiKey: e.LLM_API_KEY ?? null,
    model: e.LLM_MODEL ?? DEFAULT_LLM_MODEL,
  }),
  configured: (config) => config.baseUrl !== null,
  offers: () => ({}),
  // Creators' revised answers and speaking-style notes (issue 10 §5) reach either brain.
  create: (config, deps: { db: Queryable }): Brain =>
    withCreatorKnowledge(
      deps.db,
      config.baseUrl
        ? createLlmBrain(deps.db, {
            baseUrl: config.baseUrl,
            ...(config.apiKey ? { apiKey: config.apiKey } : {}),
            model: config.model,
          })
        : createLocalBrain(deps.db),
    ),
});

export type LlmConfig = ReturnType<typeof llmProvider.read>;
