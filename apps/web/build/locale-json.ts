import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The virtual module that maps each language to the address of its texts. */
export const localeUrlsModule = 'virtual:papo-locale-urls';
const resolvedId = `\0${localeUrlsModule}`;
const devPrefix = '/@papo-locales/';

/** Where the build writes the same map for the server, which preloads the page's language (decision 019). */
export const localeFilesManifest = '.vite/locale-files.json';

async function languagesIn(root: string): Promise<string[]> {
  const files = await readdir(path.join(root, 'src/locales/bundles'));
  return files
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.slice(0, -3))
    .sort();
}

/** One language's texts, merged as src/locales/bundles/<lang>.ts merges them: the shared file and every feature's. */
export async function mergedTexts(root: string, language: string): Promise<Record<string, unknown>> {
  const features = path.join(root, 'src/features');
  const files = [path.join(root, 'src/locales', `${language}.json`)];
  for (const feature of (await readdir(features)).sort())
    files.push(path.join(features, feature, 'locales', `${language}.json`));
  const parts = await Promise.all(
    files.map((file) =>
      readFile(file, 'utf8').then(
        (text) => JSON.parse(text) as Record<string, unknown>,
        () => ({}),
      ),
    ),
  );
  const merged: Record<string, unknown> = Object.assign({}, ...parts);
  return merged;
}

/**
 * Serves the interface texts as JSON files instead of JavaScript chunks: they are data, parsed far faster
 * than script and never executed, so they stay out of the first route's JavaScript. The build emits one
 * hashed `assets/locale-<lang>-<hash>.json` per language; the dev server merges them on each request.
 */
export function localeJson(): Plugin {
  let root = '';
  let build = false;
  const refs = new Map<string, string>();
  return {
    name: 'papo-locale-json',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    resolveId(source) {
      return source === localeUrlsModule ? resolvedId : null;
    },
    async load(id) {
      if (id !== resolvedId) return null;
      const entries: string[] = [];
      for (const language of await languagesIn(root)) {
        if (!build) {
          entries.push(`${JSON.stringify(language)}: ${JSON.stringify(`${devPrefix}${language}.json`)}`);
          continue;
        }
        const ref = this.emitFile({
          type: 'asset',
          name: `locale-${language}.json`,
          source: JSON.stringify(await mergedTexts(root, language)),
        });
        refs.set(language, ref);
        entries.push(`${JSON.stringify(language)}: import.meta.ROLLUP_FILE_URL_${ref}`);
      }
      return `export default { ${entries.join(', ')} };`;
    },
    generateBundle() {
      if (refs.size === 0) return;
      const files = Object.fromEntries([...refs].map(([language, ref]) => [language, `/${this.getFileName(ref)}`]));
      this.emitFile({ type: 'asset', fileName: localeFilesManifest, source: JSON.stringify(files) });
    },
    configureServer(server) {
      server.middlewares.use(devPrefix, (request, response, next) => {
        const language = /^\/([a-z]{2})\.json$/.exec(request.url ?? '')?.[1];
        if (!language) return next();
        mergedTexts(root, language).then(
          (texts) => {
            response.setHeader('content-type', 'application/json');
            response.end(JSON.stringify(texts));
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
