import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheSplit } from './scripts/precache-split.js';
import { precompress } from './scripts/precompress.js';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
// Precache only the shell and the recorder; the rest is cached on first use (issue 19).
const split = precacheSplit();

/**
 * The PWA: sources in web/, static files (icons) in public/, output in dist/web, which the API server
 * serves with an SPA fallback. In development the API runs separately on :3000 and is proxied.
 */
export default defineConfig({
  root: path.join(repoRoot, 'web'),
  publicDir: path.join(repoRoot, 'public'),
  // `#shared/…` is the repository's shared/ folder (package.json imports for Node and tsx, tsconfig.base.json paths for tsc).
  resolve: { alias: { '#shared': path.join(repoRoot, 'shared') } },
  build: {
    outDir: path.join(repoRoot, 'dist', 'web'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The shell's libraries change less often than the app: their own chunks stay cached across releases.
        // Only libraries every page needs are named here; a catch-all node_modules group would pull lazily
        // loaded ones (PDF, audio) into the first page load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  plugins: [
    react(),
    split.plugin,
    VitePWA({
      // Our own worker (sw/sw.ts) so later issues can add background sync for recordings.
      strategies: 'injectManifest',
      srcDir: path.join(repoRoot, 'sw'),
      filename: 'sw.ts',
      // Registration happens in web/src/lib/serviceWorker.ts; an injected inline script would break the CSP.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico}'],
        manifestTransforms: [split.manifestTransform],
      },
      manifest: {
        name: 'VeldVet',
        short_name: 'VeldVet',
        description: 'Veterinary Voice Transcription: record consultations and get structured SOAP notes.',
        lang: 'en-ZA',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0f5f58',
        background_color: '#f4f7f6',
        categories: ['medical', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // Last: gzip and brotli copies of every text file, the service worker included (issue 19).
    precompress(),
  ],
});
