import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The tests import the built dist (what ships), over the built @doppel/embed.
    globalSetup: ['scripts/build-for-tests.ts'],
    // jsdom has no adopted stylesheets, which the loader styles the page with.
    setupFiles: ['../embed/src/test/adopted-style-sheets.ts'],
  },
});
