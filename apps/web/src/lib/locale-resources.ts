/**
 * Texts live in `src/locales/<lang>.json` (shared) and in `src/features/<feature>/locales/<lang>.json`
 * (one feature's own), so features can grow their texts without touching one shared file.
 * Each file holds top-level sections; sections never repeat across files (a test checks it).
 * `src/locales/bundles/<lang>.ts` merges one language's files into a single chunk.
 */
type Resources = Record<string, unknown>;

const bundles = import.meta.glob<Resources>('../locales/bundles/*.ts', { import: 'default' });

/** Every text of `language`, merged from the shared file and the features' files. */
export async function loadLocale(language: string): Promise<Resources> {
  const load = bundles[`../locales/bundles/${language}.ts`];
  if (!load) throw new Error(`unknown_language:${language}`);
  return load();
}
