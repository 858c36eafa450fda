import { describe, expect, it } from 'vitest';
import { sseData } from './sse-data';

function body(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(stream)) out.push(data);
  return out;
}

describe('sseData', () => {
  it('answers the data of each event, whatever the piece boundaries', async () => {
    expect(
      await all(
        body(['data: {"a":', '1}\n\n: comment\n\nda', 'ta:two\r\n\r\nevent: x\ndata: 3\ndata: 4\n\n']),
      ),
    ).toEqual(['{"a":1}', 'two', '3\n4']);
  });

  it('answers a last event without its blank line', async () => {
    expect(await all(body(['data: [DONE]']))).toEqual(['[DONE]']);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of sseData(stream)) {
      expect(data).toBe('x');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
