// @vitest-environment node
/** Server rendering imports the package with no `window`: nothing may touch it at load. */
import { describe, expect, it } from 'vitest';

describe('on a server (no window, no document)', () => {
  it('the built module and the source import cleanly and expose the API', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const built = '../dist/index.mjs';
    for (const mod of [await import(/* @vite-ignore */ built), await import('./index')]) {
      expect(Object.keys(mod).sort()).toEqual(
        ['close', 'destroy', 'events', 'init', 'off', 'on', 'open', 'prefill', 'toggle', 'version'].sort(),
      );
      expect(() => mod.close()).not.toThrow();
      expect(() => mod.destroy()).not.toThrow();
    }
  });
});
