import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { localeJson } from './build/locale-json.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';
import { ssrBundle } from './build/ssr-bundle.ts';

const backend = 'http://127.0.0.1:3000';

// React Router's package exports only its development build (warnings, longer messages); the build
// takes its production twin, about a third smaller (decision 019).
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// what public pages' entry shares with the app (the service worker's start, the mini-player's event, the
// handover's element id, Vite's helper for dynamic imports): a small chunk of its own, taken before the shell group,
// whose members import it. The islands' registry is the public entry's alone (the app's build leaves it out,
// islands/island.tsx).
const publicShared =
  /(?:[\\/]src[\\/](?:features[\\/]pwa[\\/]lib[\\/]start-service-worker|lib[\\/]now-playing-event|server-render)\.ts|vite[\\/]preload-helper\.js)$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [react(), tailwindcss(), localeJson(), precompress(), ssrBundle(), serviceWorker()],
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/media': backend,
      '/healthz': backend,
      // The manifest and the icons are drawn by the server (decision 026).
      '/manifest.webmanifest': backend,
      '/favicon.svg': backend,
      '/favicon.ico': backend,
      '/apple-touch-icon.png': backend,
      '/icons': backend,
      '/node-server': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // the server reads the manifest to preload the chunks of the screen it rendered (apps/server/src/ssr).
    manifest: true,
    modulePreload: { resolveDependencies: () => [] },
    rolldownOptions: {
      // two entries in the browser's build: the app (index.html) and public pages' islands (decision 042).
      ...(isSsrBuild
        ? {}
        : {
            input: {
              index: path.resolve(import.meta.dirname, 'index.html'),
              'public-entry': path.resolve(import.meta.dirname, 'src/public-entry.ts'),
            },
          }),
      output: {
        // vendor code changes far less often than ours: its own chunk keeps it cached across deploys. One
        // chunk, not one per library: every page needs all four, and one file compresses better than four.
        // Everything else the first page imports statically is merged into one shell chunk instead of dozens of
        // sub-kilobyte files (decision 019).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
            // the entry (index.html and main.tsx) stays a chunk of its own: the manifest and index.html keep one entry script.
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) =>
                !/[\\/](index\.html|src[\\/](main\.tsx|public-entry\.ts|islands[\\/](navigation|registry)\.ts))$/.test(
                  id,
                ),
              priority: 0,
            },
            // a page of islands loads no app shell (decision 042): the public entry's own chunks, and this one.
            { name: 'public', test: publicShared, priority: 2 },
            // zod, which only the contract's schema modules use, loads on use (lib/on-use.ts) in a chunk named for
            // what it holds rather than after whichever contract module shares it.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
}));
