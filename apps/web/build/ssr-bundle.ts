import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server renderer goes inside the web build; the Fastify server loads it from there and never serves it. */
export const ssrFolder = 'ssr';

/**
 * After the browser build, builds `src/entry-server.tsx` (and `src/entry-routes.ts`) for Node into `<outDir>/ssr/`
 * (decision 019), so
 * one `vite build` (and `npm run build`, and the e2e suite's build into a temporary folder) yields both.
 * Everything is bundled in, so the renderer also runs from a folder outside the repository.
 */
export function ssrBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'papo-ssr-bundle',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        ssr: { noExternal: true },
        // the renderer is a built artifact like the browser's bundle: React and its libraries take their production
        // builds whatever NODE_ENV the server runs with (`npm start` runs as development); read at run time, React's
        // development build renders a page two to three times slower (decision 019, fourth pass).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          // the renderer, and the route table's paths, which the server registers as its page routes.
          ssr: true,
          rolldownOptions: { input: { 'entry-server': 'src/entry-server.tsx', 'entry-routes': 'src/entry-routes.ts' } },
          outDir: path.join(path.resolve(config.root, config.build.outDir), ssrFolder),
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          minify: false,
        },
      });
    },
  };
}
