import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'app',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The suite runs beside the browser tests on a 2-core machine: a component test that takes
    // 2 s alone can take 10 under that load. A test that hangs still fails.
    testTimeout: 20_000,
  },
});
