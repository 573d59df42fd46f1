import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRoutes, ServerRenderer } from '@papo/contract/server-render';
import { isRecord } from '@papo/contract/records';
import { z } from 'zod';
import { createRenderPool } from './render-pool.js';

/** The web build's folders the server reads and never serves: the renderer and the build manifest. */
export const privateBuildFolders = ['ssr', '.vite'] as const;

/** The web build's manifest (Vite's `build.manifest`): its chunks by source file, with what each imports. */
const buildManifest = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);

export type BuildManifest = z.infer<typeof buildManifest>;

/** Each language's texts file, by language (the web build's `locale-files.json`). */
const localeFiles = z.record(z.string(), z.string());

/** The module the web build made of entry-server.tsx, checked for what the server calls. */
function isServerRenderer(module: unknown): module is ServerRenderer {
  return (
    isRecord(module) &&
    ['render', 'pageInput', 'pageLanguage'].every((name) => typeof module[name] === 'function') &&
    typeof module.unknownPageUrl === 'string'
  );
}

/** The module the web build made of entry-routes.ts: the route table's paths. */
function isPageRoutes(module: unknown): module is PageRoutes {
  return (
    isRecord(module) &&
    Array.isArray(module.pagePaths) &&
    module.pagePaths.every((item: unknown) => typeof item === 'string')
  );
}

/** The server renderer and manifest of a web build, or null for a build made without them. */
export interface ServerRendering {
  /** The build's renderer: `render` runs on the render threads (ssr/render-pool.ts), the rest on the node's thread. */
  renderer: ServerRenderer;
  /** The web route table's paths (`/blog/:slug`), each a route of the server (src/web.ts). */
  pagePaths: readonly string[];
  /** Starts a render thread ahead of the first render (a listening node). */
  warm(): void;
  /** Stops the render threads (the app's close, once no render is under way). */
  close(): Promise<void>;
  manifest: BuildManifest;
  /** Each language's texts file (`/assets/locale-pt-<hash>.json`), which the browser needs before it hydrates. */
  localeFiles: Record<string, string>;
  /** The stylesheets index.html links, by address, with their text: a rendered page carries them inline. */
  styles: Record<string, string>;
}

/**
 * Loads `<dist>/ssr/entry-server.js`, `<dist>/ssr/entry-routes.js` and the build's manifests (`<dist>/.vite/`) when
 * the build has them.
 */
export async function loadServerRendering(dist: string): Promise<ServerRendering | null> {
  const entry = path.join(dist, 'ssr', 'entry-server.js');
  const routesEntry = path.join(dist, 'ssr', 'entry-routes.js');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const localeFile = path.join(dist, '.vite', 'locale-files.json');
  if (![entry, routesEntry, manifestFile, localeFile].every((file) => existsSync(file))) return null;
  const entryUrl = pathToFileURL(entry).href;
  const module: unknown = await import(entryUrl);
  if (!isServerRenderer(module)) throw new Error(`${entry} is not the web build's server renderer`);
  const routes: unknown = await import(pathToFileURL(routesEntry).href);
  if (!isPageRoutes(routes)) throw new Error(`${routesEntry} is not the web build's page routes`);
  const manifest = buildManifest.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const texts = localeFiles.parse(JSON.parse(readFileSync(localeFile, 'utf8')));
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const styles: Record<string, string> = {};
  for (const [, href = ''] of indexHtml.matchAll(
    /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"/g,
  )) {
    styles[href] = readFileSync(path.join(dist, href), 'utf8');
  }
  // the module's own `render` is never called here: React's work would hold this thread's event loop.
  const pool = createRenderPool(entryUrl);
  const { pageInput, pageLanguage, unknownPageUrl } = module;
  return {
    renderer: { pageInput, pageLanguage, unknownPageUrl, render: pool.render },
    pagePaths: routes.pagePaths,
    warm: pool.warm,
    close: pool.close,
    manifest,
    localeFiles: texts,
    styles,
  };
}

/** Adds `key` and every chunk it imports statically to `into`. */
function visitChunks(manifest: BuildManifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (into.has(key) || !chunk) return;
  into.add(key);
  chunk.imports?.forEach((next) => visitChunks(manifest, next, into));
}

/** The manifest key of the public pages' entry (decision 042), which index.html does not load. */
const publicEntryKey = 'src/public-entry.ts';

/** The public entry's script and the chunks it imports statically, or null for a build without it. */
export function publicEntryFiles(manifest: BuildManifest): { script: string; preloads: string[] } | null {
  const chunks = new Set<string>();
  visitChunks(manifest, publicEntryKey, chunks);
  const [entry, ...imported] = [...chunks].flatMap((key) => manifest[key] ?? []);
  return entry ? { script: `/${entry.file}`, preloads: imported.map((chunk) => `/${chunk.file}`) } : null;
}

const entries = new WeakMap<BuildManifest, ReadonlySet<string>>();

/** The chunks index.html loads (its entry and what it imports), found once per manifest. */
function entryChunks(manifest: BuildManifest): ReadonlySet<string> {
  let loaded = entries.get(manifest);
  if (!loaded) {
    const found = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry && key !== publicEntryKey) visitChunks(manifest, key, found);
    entries.set(manifest, found);
    loaded = found;
  }
  return loaded;
}

/**
 * The files the browser needs to hydrate `modules` (manifest keys) besides what index.html already loads:
 * each module's chunk and every chunk it imports statically, so they download in parallel (no waterfall).
 */
export function preloadFiles(
  manifest: BuildManifest,
  modules: readonly string[],
): { scripts: string[]; styles: string[] } {
  const wanted = new Set<string>();
  for (const key of modules) visitChunks(manifest, key, wanted);
  const loaded = entryChunks(manifest);
  const chunks = [...wanted].flatMap((key) => (loaded.has(key) ? [] : (manifest[key] ?? [])));
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}
