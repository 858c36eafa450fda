// @vitest-environment node
import { MESSAGE_SAVED, MESSAGE_UNSAVED, SAVE_FAILED } from '@doppel/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api';
import { createChatStore } from '../chat/chat-store';
import { conversation, jsonResponse, message } from '../test/fixtures';
import { saveMessage } from './save-message';

/** A chat with one question and one stored answer; the save route answers `status`. */
async function setup(status: number) {
  const posted: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { saved: boolean };
    posted.push({ url: String(input), body });
    return status === 200
      ? jsonResponse({ messageId: 'a1', saved: body.saved })
      : jsonResponse({ error: 'down' }, status);
  });
  const chat = createChatStore({
    slug: 'demo',
    api: {
      createConversation: async () => conversation(),
      fetchConversation: async () => ({
        ...conversation(),
        messages: [
          message({ id: 'q1', sender: 'USER', text: 'Question' }),
          message({ id: 'a1', text: 'Answer' }),
        ],
      }),
    },
    transport: { send: async () => undefined },
  });
  await chat.load('conv-1');
  const said: string[] = [];
  const save = saveMessage(chat, createApiClient({ fetch }), {
    info: (title) => said.push(title),
    warning: () => undefined,
    error: (title) => said.push(`error: ${title}`),
  });
  const shown = () => chat.messages.value.find((m) => m.id === 'a1')?.saved;
  return { save, posted, said, shown };
}

describe('saveMessage', () => {
  it('shows the message saved at once, stores it, and says so; saving again unsaves', async () => {
    const { save, posted, said, shown } = await setup(200);
    expect(shown()).toBe(false);
    const saving = save('a1', true);
    expect(shown()).toBe(true);
    await saving;
    await save('a1', false);
    expect(shown()).toBe(false);
    expect(posted.map((p) => [p.url.replace(/^.*\/api/, ''), p.body])).toEqual([
      ['/messages/a1/save', { saved: true }],
      ['/messages/a1/save', { saved: false }],
    ]);
    expect(said).toEqual([MESSAGE_SAVED, MESSAGE_UNSAVED]);
  });

  it('puts it back and says "Failed to save message" when it cannot be stored', async () => {
    const { save, said, shown } = await setup(503);
    await save('a1', true);
    expect(shown()).toBe(false);
    expect(said).toEqual([`error: ${SAVE_FAILED}`]);
  });

  it('saves only stored clone messages', async () => {
    const { save, posted } = await setup(200);
    await save('q1', true);
    await save('nope', true);
    expect(posted).toEqual([]);
  });
});
