import { STREAM_ID_HEADER, type StreamEvent, type StreamRequest } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { createTextStreamTransport } from './chat-transport';

const request: StreamRequest = {
  message: { type: 'TEXT', text: 'Hi', slug: 'ada', conversationId: 'c1' },
};

/** An SSE body of numbered events `[seq, event]`, ending (or dropping) after them. */
function body(events: [number, StreamEvent][], drop = false): Response {
  const text = events.map(([seq, e]) => `id: ${seq}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  let pulls = 0;
  return new Response(
    new ReadableStream({
      pull(c) {
        pulls += 1;
        if (pulls === 1 && text) return c.enqueue(new TextEncoder().encode(text));
        if (drop) c.error(new TypeError('network error'));
        else c.close();
      },
    }),
    { headers: { [STREAM_ID_HEADER]: 'from-the-server' } },
  );
}

const token = (t: string): StreamEvent => ({ type: 'token', token: t });

function collect() {
  const events: StreamEvent[] = [];
  let accepted = 0;
  return {
    events,
    accepted: () => accepted,
    handlers: {
      onAccepted: () => (accepted += 1),
      onActivity: () => {},
      onEvent: (e: StreamEvent) => events.push(e),
    },
  };
}

describe('the text stream transport', () => {
  it('resumes a dropped stream from the last event it received, with the same stream id', async () => {
    const sent: StreamRequest[] = [];
    const resumed: [string, number][] = [];
    const transport = createTextStreamTransport(
      async (r) => {
        sent.push(r);
        return body(
          [
            [1, token('One ')],
            [2, token('two ')],
          ],
          true,
        );
      },
      async (id, last) => {
        resumed.push([id, last]);
        return body([
          [3, token('three.')],
          [4, { type: 'error', error: 'x' }],
        ]);
      },
      async () => {},
    );
    const seen = collect();
    await transport.send(request, seen.handlers, new AbortController().signal);
    expect(seen.events.map((e) => (e.type === 'token' ? e.token : e.type))).toEqual([
      'One ',
      'two ',
      'three.',
      'error',
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.streamId).toMatch(/^[0-9a-f-]{36}$/);
    expect(resumed).toEqual([['from-the-server', 2]]);
    expect(seen.accepted()).toBe(1);
  });

  it('sends again with the same stream id when the send itself got no answer', async () => {
    const sent: StreamRequest[] = [];
    const transport = createTextStreamTransport(
      async (r) => {
        sent.push(r);
        if (sent.length === 1) throw new ApiError(0, 'Failed to fetch');
        return body([
          [1, token('Hi.')],
          [2, { type: 'error', error: 'x' }],
        ]);
      },
      async () => {
        throw new Error('not resumed: nothing was accepted yet');
      },
      async () => {},
    );
    const seen = collect();
    await transport.send(request, seen.handlers, new AbortController().signal);
    expect(sent.map((r) => r.streamId)).toEqual([sent[0]?.streamId, sent[0]?.streamId]);
    expect(seen.events).toHaveLength(2);
  });

  it('does not retry a refusal (4xx) and gives up after its resume attempts', async () => {
    const refusing = createTextStreamTransport(
      async () => {
        throw new ApiError(402, 'Message limit reached');
      },
      async () => body([]),
      async () => {},
    );
    await expect(refusing.send(request, collect().handlers, new AbortController().signal)).rejects.toThrow(
      'Message limit reached',
    );
    let resumes = 0;
    const dropping = createTextStreamTransport(
      async () => body([[1, token('a')]], true),
      async () => {
        resumes += 1;
        return body([], true);
      },
      async () => {},
    );
    await expect(dropping.send(request, collect().handlers, new AbortController().signal)).rejects.toThrow();
    expect(resumes).toBe(6);
  });
});
