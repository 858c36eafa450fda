/** @module Chooses the brain from the environment (DESIGN §2): an LLM when LLM_BASE_URL is set, else local answers. */
import type { Queryable } from '@doppel/db';
import type { Brain } from './brain';
import { createLlmBrain } from './llm/llm-brain';
import { createLocalBrain } from './local/local-brain';

export const DEFAULT_LLM_MODEL = 'gpt-4o-mini';

export interface BrainEnv {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
}

export function createBrainFromEnv(db: Queryable, env: BrainEnv = process.env): Brain {
  const baseUrl = env.LLM_BASE_URL?.trim();
  if (!baseUrl) return createLocalBrain(db);
  return createLlmBrain(db, {
    baseUrl,
    apiKey: env.LLM_API_KEY?.trim() || undefined,
    model: env.LLM_MODEL?.trim() || DEFAULT_LLM_MODEL,
  });
}
