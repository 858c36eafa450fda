/** Replaced by the package's version at build time (esbuild `define`; vitest `define`). */
declare const __VERSION__: string;
