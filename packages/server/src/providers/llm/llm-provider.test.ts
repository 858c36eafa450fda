import type { CloneForBrain } from '@doppel/brain';
import { startFakeLlm } from '@doppel/brain/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import { llmProvider } from './llm-provider';

const clone: CloneForBrain = {
  id: 'c',
  slug: 's',
  name: 'Sam',
  headline: '',
  description: '',
  suggestedQuestions: [],
};
/** Retrieval finds nothing: the brain's own behaviour shows which one it is. */
const db = { query: async () => [] };

async function answer(env: Record<string, string | undefined>): Promise<string> {
  const config = loadConfig(env, '/srv/doppel');
  let text = '';
  for await (const event of llmProvider
    .create(config.llm, { db })
    .answer({ clone, question: 'starter', history: [] })) {
    if (event.type === 'done') text = event.text;
  }
  return text;
}

describe('the answers provider', () => {
  it('answers locally without LLM_BASE_URL, and says it is not configured', async () => {
    expect(await answer({})).toMatch(/^I haven't covered that/);
    expect(await answer({ LLM_BASE_URL: '  ' })).toMatch(/^I haven't covered that/);
    expect(loadConfig({}, '/srv/doppel').configured.llm).toBe(false);
  });

  it('calls the LLM at LLM_BASE_URL with LLM_API_KEY and LLM_MODEL (default gpt-4o-mini)', async () => {
    const llm = await startFakeLlm(() => ({ pieces: ['From the model.'] }));
    try {
      expect(loadConfig({ LLM_BASE_URL: llm.baseUrl }, '/srv/doppel').configured.llm).toBe(true);
      expect(await answer({ LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'k1' })).toBe('From the model.');
      expect(await answer({ LLM_BASE_URL: `${llm.baseUrl}/`, LLM_MODEL: 'other' })).toBe('From the model.');
      expect(
        llm.requests.map((r) => [r.authorization, z.object({ model: z.string() }).parse(r.body).model]),
      ).toEqual([
        ['Bearer k1', 'gpt-4o-mini'],
        [undefined, 'other'],
      ]);
    } finally {
      await llm.close();
    }
  });
});
