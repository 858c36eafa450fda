import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from './precompress';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * React is Preact in both builds: the components are written against React's API (and tested
 * with React), and preact/compat runs them in a tenth of react-dom's bytes. The signals are
 * @preact/signals, which track the signals every component reads (`useSignals` is a no-op).
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^@preact\/signals-react$/, replacement: '@preact/signals' },
  { find: /^@preact\/signals-react\/runtime$/, replacement: here('src/embed/signals-runtime.ts') },
];

/**
 * Preloads the site's font (src/styles/font.css): the browser fetches it with the CSS instead of
 * after laying out the first text, so the text swaps to Inter early or not at all.
 */
function preloadFont(): Plugin {
  return {
    name: 'doppel-preload-font',
    apply: 'build',
    transformIndexHtml(_html, context) {
      const font = Object.keys(context.bundle ?? {}).find((file) =>
        /inter-latin-wght-normal.*\.woff2$/.test(file),
      );
      if (!font) return [];
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  };
}

/**
 * Loaded on first use instead of with the page, in both builds: sonner (toasts) and marked +
 * DOMPurify (the markdown of answers), so a page's first paint does not wait for them.
 */
const lazyAliases = [
  { find: /^sonner$/, replacement: here('src/embed/lazy-sonner.tsx') },
  { find: /^.*\/markdown\/markdown-text$/, replacement: here('src/embed/lazy-markdown-text.tsx') },
];

/**
 * The full site; the server serves `dist/` with SPA fallback to index.html. Every text file is
 * also written brotli- and gzip-compressed (precompress.ts) for the server to send as it is.
 */
const site: UserConfig = {
  plugins: [react(), preloadFont(), precompress()],
  resolve: { alias: [...preactAliases, ...lazyAliases] },
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
 * tracks signal reads in every component by itself (`useSignals` is a no-op); sonner and the
 * markdown renderer load on first use; protocol and core modules are side-effect free, so the
 * schemas and rules the chat does not use are left out.
 */
const embed: UserConfig = {
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      ...preactAliases,
      // One screen, no routes: the few router hooks shared code uses read the iframe's address.
      { find: /^wouter$/, replacement: here('src/embed/wouter-shim.tsx') },
      ...lazyAliases,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // Every browser that runs the chat supports modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: { embed: here('embed.html') },
      treeshake: {
        moduleSideEffects: (id: string) => (/packages\/(protocol|core)\/src\//.test(id) ? false : undefined),
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === 'embed' ? embed : site));
