import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace';

export default defineConfig({
  test: {
    projects,
    // Database tests open PGlite instances and talk to the local PostgreSQL server.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
