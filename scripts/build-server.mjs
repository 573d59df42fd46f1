// The server's part of `npm run build`: apps/server/src bundled by esbuild into apps/server/dist, so a node starts
// with plain `node apps/server/dist/main.mjs` (no tsx compiling the server at every start). Packages stay in
// node_modules (native modules, and `npm ci --omit=dev` installs exactly what the bundle imports), except the
// workspace's own @papo/contract, whose package exports TypeScript.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './build-state.mjs';

const src = join(repoRoot, 'apps/server/src');
const outdir = join(repoRoot, 'apps/server/dist');
// a worker thread is started from `new URL('./<name>.mjs', import.meta.url)`: its entry is bundled under that
// name beside the chunks, where the bundled code looks for it.
const workers = {
  'synthesis-worker': 'features/media/tracks/synthesis-worker.ts',
  'render-worker': 'ssr/render-worker.ts',
};

/**
 * Code that finds files from its own location (the web build, caches, packages through createRequire) keeps finding
 * them from where its source lives, relative to the bundle (so a built tree can be moved whole); a worker's URL keeps
 * the bundle's own location.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
      let text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url') || args.path.includes('node_modules')) return undefined;
      const kept = [];
      for (const name of Object.keys(workers)) {
        text = text.replaceAll(`new URL('./${name}.mjs', import.meta.url)`, () => {
          kept.push(`new URL('./${name}.mjs', import.meta.url)`);
          return `__papoWorkerUrl${kept.length - 1}__`;
        });
      }
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      text = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
      text = text.replace(/__papoWorkerUrl(\d+)__/g, (_match, index) => kept[Number(index)]);
      return { contents: text, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/** Every bare import is left to node_modules, except the workspace's TypeScript package. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@papo/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
const entryPoints = {
  main: join(src, 'main.ts'),
  admin: join(src, 'scripts/admin.ts'),
  ...Object.fromEntries(Object.entries(workers).map(([name, file]) => [name, join(src, file)])),
};
await build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  // stack traces name the source file and line (the map above), and logs name functions as written.
  keepNames: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceLocations],
});
console.log(`server bundled into ${relative(repoRoot, outdir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
