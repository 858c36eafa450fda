import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { videoCallHooks } from './video-call-hooks';

describe('videoCallHooks', () => {
  it('keeps a call’s transcript lines in the order they were said, however the database answers', async () => {
    const stored: string[] = [];
    // A database answering the first write last, as two connections of a pool may.
    let writes = 0;
    const db = {
      query: async (sql: string, params: unknown[] = []) => {
        if (!sql.startsWith('INSERT INTO video_transcript_updates')) return [];
        const delay = writes++ === 0 ? 30 : 0;
        await new Promise((wake) => setTimeout(wake, delay));
        stored.push(String(params[1]));
        return [];
      },
    };
    const deps = {
      db,
      clock: { now: () => new Date('2026-11-29T04:00:00Z') },
      logger: { error: () => {} },
    } as unknown as AppDeps;
    const hooks = videoCallHooks(deps, 'call-1');
    hooks.onTranscript?.('user', 'What are you building?');
    hooks.onTranscript?.('assistant', 'I build engines out of brass.');
    await new Promise((wake) => setTimeout(wake, 80));
    expect(stored).toEqual(['user', 'replica']);
  });
});
