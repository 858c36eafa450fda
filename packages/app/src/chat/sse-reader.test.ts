// @vitest-environment node
import type { StreamEvent } from '@doppel/protocol';
import { describe, expect, it } from 'vitest';
import { readStreamEvents } from './sse-reader';

function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const events: StreamEvent[] = [];
  let pieces = 0;
  await readStreamEvents(stream, { onActivity: () => pieces++, onEvent: (e) => events.push(e) });
  return { events, pieces };
}

describe('readStreamEvents', () => {
  it('parses data lines split across chunks, CRLF endings and multi-byte characters', async () => {
    const bytes = new TextEncoder().encode('data: {"type":"token","token":"é🙂"}\r\n\r\n');
    const { events } = await collect(
      body(['data: {"type":"tok', 'en","token":"Hi"}\n', '\n', bytes.slice(0, 33), bytes.slice(33)]),
    );
    expect(events).toEqual([
      { type: 'token', token: 'Hi' },
      { type: 'token', token: 'é🙂' },
    ]);
  });

  it('ignores keep-alive comments and malformed lines but counts every piece that arrives', async () => {
    const { events, pieces } = await collect(
      body([
        ': keep-alive\n\n',
        'data: not json\n\n',
        'data: {"type":"mystery"}\n\n',
        'data: {"type":"error","error":"x"}',
      ]),
    );
    expect(events).toEqual([{ type: 'error', error: 'x' }]);
    // The idle timer restarts on each of the four pieces, the keep-alive-only one included.
    expect(pieces).toBe(4);
  });

  it('stops and rejects with the reason when aborted', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({ start() {} });
    const reading = readStreamEvents(stream, { onActivity: () => {}, onEvent: () => {} }, controller.signal);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
  });
});
