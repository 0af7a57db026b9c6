import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress';

/** `@/…` is src/client, `@shared/…` src/shared (tsconfig.json `paths` says the same to TypeScript). */
export const CLIENT_ALIASES = {
  '@': path.resolve(import.meta.dirname, 'src/client'),
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
};

// The client lives in src/client and builds to dist/client, which the server serves.
// Hashed files go under /static so they never collide with the /assets page routes.
// precompress() writes .br/.gz siblings at build time, which the server sends as they are.
/**
 * The installable app (issue 25, ADR 028): a web manifest and a service worker of our own,
 * src/client/sw.ts, built to dist/client/sw.js (injectManifest). It precaches every built file, the
 * scanner's .wasm included, so the app opens with no network after one visit; navigations fall back to
 * the precached index.html, never /api/*; and where the browser has Background Sync it sends the
 * outbox when the network returns. Registered by src/client/lib/offline/service-worker.ts in
 * production builds only.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Asset Register',
    short_name: 'Assets',
    description: 'Asset Register: professional property asset management',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1e3a5f',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // Not the .br/.gz siblings (the server picks those per request for the same URLs).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm,woff2}'],
    // The barcode decoder's wasm is about 1 MB; Workbox skips files over 2 MB by default.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  },
});

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), pwa, precompress()],
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
