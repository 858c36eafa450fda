import { describe, expect, it } from 'vitest';
import { TOKEN_SLICE_MS, TokenWriter } from './token-writer';

/** Keeps this thread busy for `ms`, as a brain composing an answer does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe('TokenWriter', () => {
  it('sends the first token alone and at once, then coalesces what one turn produces', async () => {
    const writes: string[] = [];
    const writer = new TokenWriter((text) => writes.push(text));
    await writer.add('a');
    expect(writes).toEqual(['a']);
    // 30 tokens made without a pause (a local brain answering from promises): a few writes.
    for (let i = 0; i < 30; i++) await writer.add(`t${i},`);
    writer.flush();
    expect(writes.join('')).toBe(`a${Array.from({ length: 30 }, (_, i) => `t${i},`).join('')}`);
    expect(writes.length).toBeLessThan(6);
  });

  it('writes a token that waits for nothing more by the end of the turn (an LLM between words)', async () => {
    const writes: string[] = [];
    const writer = new TokenWriter((text) => writes.push(text));
    await writer.add('first ');
    await writer.add('second ');
    expect(writes).toEqual(['first ']);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['first ', 'second ']);
  });

  it('lets another stream run once its slice is spent, and several busy streams take turns', async () => {
    const order: string[] = [];
    const stream = async (name: string) => {
      const writer = new TokenWriter((text) => order.push(text));
      for (let i = 0; i < 6; i++) {
        busy(TOKEN_SLICE_MS);
        await writer.add(`${name}${i} `);
      }
      writer.flush();
    };
    let otherRanAt = -1;
    setImmediate(() => {
      otherRanAt = order.join('').split(' ').length;
    });
    await Promise.all([stream('a'), stream('b')]);
    // A request waiting for the loop (the setImmediate) ran before the streams were done.
    expect(otherRanAt).toBeGreaterThan(0);
    expect(otherRanAt).toBeLessThan(12);
    // Neither stream wrote all its tokens before the other wrote its first.
    const text = order.join('');
    expect(text.indexOf('b0')).toBeLessThan(text.indexOf('a5'));
    expect(text.indexOf('a0')).toBeLessThan(text.indexOf('b5'));
  });
});
