import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineProject({
  define: { __VERSION__: JSON.stringify(version) },
  test: {
    name: 'embed',
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // What ships (dist/embed.js, embed-frame.js, index.mjs) is tested too: build it first.
    globalSetup: ['scripts/build-for-tests.ts'],
    // jsdom has no adopted stylesheets, which the loader styles the page with.
    setupFiles: ['src/test/adopted-style-sheets.ts'],
  },
});
