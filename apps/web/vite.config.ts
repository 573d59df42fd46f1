import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { localeJson } from './build/locale-json.ts';
import { precompress } from './build/precompress.ts';
import { ssrBundle } from './build/ssr-bundle.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), localeJson(), precompress(), ssrBundle()],
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/media': backend,
      '/healthz': backend,
      '/node-server': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // NOTE: the server reads the manifest to preload the chunks of the screen it rendered (apps/server/src/ssr).
    manifest: true,
    rolldownOptions: {
      output: {
        // NOTE: vendor code changes far less often than ours; separate chunks keep it cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
