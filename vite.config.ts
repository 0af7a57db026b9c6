import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress';

/** `@/…` is src/client, `@shared/…` src/shared (tsconfig.json `paths` says the same to TypeScript). */
export const CLIENT_ALIASES = {
  '@': path.resolve(import.meta.dirname, 'src/client'),
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
};

// The client lives in src/client and builds to dist/client, which the server serves.
// Hashed files go under /static so they never collide with the /assets page routes.
// precompress() writes .br/.gz siblings at build time, which the server sends as they are.
export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: CLIENT_ALIASES },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'static',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
});
