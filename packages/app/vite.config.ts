import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The full site; the server serves `dist/` with SPA fallback to index.html. */
const site: UserConfig = {
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
};

/**
 * `vite build --mode embed`: the iframe side of every embed (`embed.html` → src/embed/main.tsx),
 * built after the site into the same `dist/` (the server serves `dist/embed.html` for
 * /embed/:slug). Its first load is budgeted (scripts/bench/embed-chat.mjs), so here React is
 * Preact: react and react-dom are preact/compat and the signals are @preact/signals, which
 * tracks signal reads in every component by itself (`useSignals` is a no-op).
 */
const embed: UserConfig = {
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^@preact\/signals-react$/, replacement: '@preact/signals' },
      { find: /^@preact\/signals-react\/runtime$/, replacement: here('src/embed/signals-runtime.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: { input: { embed: here('embed.html') } },
  },
};

export default defineConfig(({ mode }) => (mode === 'embed' ? embed : site));
