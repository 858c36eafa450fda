// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api';
import { createChatStore } from '../chat/chat-store';
import { conversation, jsonResponse, message } from '../test/fixtures';
import { REACTION_FAILED, reactTo } from './react-to';

/** A chat with one stored answer; the reaction route answers `status`. */
async function setup(status: number) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    posted.push(JSON.parse(String(init?.body)));
    return status === 200
      ? jsonResponse({ messageId: 'a1', reaction: (posted.at(-1) as { reaction: string | null }).reaction })
      : jsonResponse({ error: 'down' }, status);
  });
  const chat = createChatStore({
    slug: 'demo',
    api: {
      createConversation: async () => conversation(),
      fetchConversation: async () => ({
        ...conversation(),
        messages: [message({ id: 'a1', text: 'Answer', reaction: 'like' })],
      }),
    },
    transport: { send: async () => undefined },
  });
  await chat.load('conv-1');
  const errors: string[] = [];
  const react = reactTo(chat, createApiClient({ fetch }), {
    info: () => undefined,
    warning: () => undefined,
    error: (title) => errors.push(title),
  });
  const shown = () => chat.messages.value[0]?.reaction;
  return { react, posted, errors, shown };
}

describe('reactTo', () => {
  it('shows the reaction at once and saves it; pressing again takes it back', async () => {
    const { react, posted, shown } = await setup(200);
    expect(shown()).toBe('like');
    const saving = react('a1', 'dislike');
    expect(shown()).toBe('dislike');
    await saving;
    await react('a1', null);
    expect(shown()).toBeNull();
    expect(posted).toEqual([{ reaction: 'dislike' }, { reaction: null }]);
  });

  it('puts the reaction back and says so when it cannot be saved', async () => {
    const { react, errors, shown } = await setup(503);
    await react('a1', 'dislike');
    expect(shown()).toBe('like');
    expect(errors).toEqual([REACTION_FAILED]);
  });
});
