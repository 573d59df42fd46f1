import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderer } from '@papo/contract/server-render';

/** The web build's folders the server reads and never serves: the renderer and the build manifest. */
export const privateBuildFolders = ['ssr', '.vite'] as const;

/** A chunk of the web build's manifest (Vite's `build.manifest`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The server renderer and manifest of a web build, or null for a build made without them. */
export interface ServerRendering {
  renderer: ServerRenderer;
  manifest: BuildManifest;
  /** Each language's texts file (`/assets/locale-pt-<hash>.json`), which the browser needs before it hydrates. */
  localeFiles: Record<string, string>;
  /** The stylesheets index.html links, by address, with their text: a rendered page carries them inline. */
  styles: Record<string, string>;
}

/** Loads `<dist>/ssr/entry-server.js` and the build's manifests (`<dist>/.vite/`) when the build has them. */
export async function loadServerRendering(dist: string): Promise<ServerRendering | null> {
  const entry = path.join(dist, 'ssr', 'entry-server.js');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const localeFile = path.join(dist, '.vite', 'locale-files.json');
  if (![entry, manifestFile, localeFile].every((file) => existsSync(file))) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as ServerRenderer;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
  const localeFiles = JSON.parse(readFileSync(localeFile, 'utf8')) as Record<string, string>;
  const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const styles: Record<string, string> = {};
  for (const [, href] of indexHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"/g)) {
    styles[href!] = readFileSync(path.join(dist, href!), 'utf8');
  }
  return { renderer, manifest, localeFiles, styles };
}

/**
 * The files the browser needs to hydrate `modules` (manifest keys) besides what index.html already loads:
 * each module's chunk and every chunk it imports statically, so they download in parallel (no waterfall).
 */
export function preloadFiles(manifest: BuildManifest, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    manifest[key].imports?.forEach((next) => visit(next, into));
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, loaded);
  const wanted = new Set<string>();
  const skip = new Set(loaded);
  for (const key of modules) visit(key, wanted);
  const chunks = [...wanted].filter((key) => !skip.has(key)).map((key) => manifest[key]!);
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}
