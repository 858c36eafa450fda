import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The full site and the iframe side of every embed; the server serves `dist/` with SPA fallback. */
export default defineConfig({
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
});
