import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress.ts';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
