// The PGlite worker's entry when run from the TypeScript sources (tests, tsx scripts): registers
// tsx on this thread, then loads the worker itself. The bundled server starts dist/pglite-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pglite-worker-thread.ts', import.meta.url).href);
