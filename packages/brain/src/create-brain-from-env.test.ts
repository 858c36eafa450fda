import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CloneForBrain } from './brain';
import { createBrainFromEnv } from './create-brain-from-env';
import { startFakeLlm } from './testing/fake-llm-server';

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
  let text = '';
  for await (const event of createBrainFromEnv(db, env).answer({ clone, question: 'starter', history: [] })) {
    if (event.type === 'done') text = event.text;
  }
  return text;
}

describe('createBrainFromEnv', () => {
  it('answers locally without LLM_BASE_URL', async () => {
    expect(await answer({})).toMatch(/^I haven't covered that/);
    expect(await answer({ LLM_BASE_URL: '  ' })).toMatch(/^I haven't covered that/);
  });

  it('calls the LLM at LLM_BASE_URL with LLM_API_KEY and LLM_MODEL (default gpt-4o-mini)', async () => {
    const llm = await startFakeLlm(() => ({ pieces: ['From the model.'] }));
    try {
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
