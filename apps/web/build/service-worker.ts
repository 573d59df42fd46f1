import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** The worker's source; built on its own into `<outDir>/sw.js`, which the server serves with `no-cache`. */
const source = 'src/app/service-worker/service-worker.ts';
export const serviceWorkerFile = 'sw.js';

/** Drawn by the server (apps/server/src/features/install), the same across builds: the offline page shows the logo. */
const serverIcons = ['/favicon.svg', '/icons/icon-192.png', '/icons/maskable-192.png'];

// what a page needs: scripts, styles and the texts; source maps, precompressed twins and the server's folders are not.
const precacheable = /^assets\/.+\.(js|css|json)$/;

/**
 * After the browser build, builds the service worker (decision 026) as one classic script with the list of the
 * build's hashed assets to precache and a version named after them, so a new build is a new worker the browser
 * finds at its next check. Hand-written rather than Workbox: a hundred lines that do exactly the four things
 * asked of it, no generated runtime, and a build that is one more `vite build` like the server renderer's.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  let assets: string[] = [];
  return {
    name: 'papo-service-worker',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      // the shell: the entry with everything it imports statically, its styles and the texts; each screen's own
      // chunks are kept by the worker as they are first loaded, so a first visit does not download every screen.
      const shell = new Set<string>();
      const visit = (name: string) => {
        const chunk = bundle[name];
        if (!chunk || shell.has(name)) return;
        shell.add(name);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
      for (const name of Object.keys(bundle)) if (name.startsWith('assets/locale-')) shell.add(name);
      assets = [...shell]
        .filter((name) => precacheable.test(name))
        .sort()
        .map((name) => `/${name}`);
    },
    async closeBundle() {
      const precache = [...assets, ...serverIcons];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __BUILD__: JSON.stringify(version),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          outDir: path.resolve(config.root, config.build.outDir),
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          minify: true,
          lib: {
            entry: path.resolve(config.root, source),
            formats: ['iife'],
            name: 'papoServiceWorker',
            fileName: () => serviceWorkerFile,
          },
        },
      });
    },
  };
}
