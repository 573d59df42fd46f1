/**
 * Texts live in `src/locales/<lang>.json` (shared) and in `src/features/<feature>/locales/<lang>.json`
 * (one feature's own), so features can grow their texts without touching one shared file.
 * Each file holds top-level sections; sections never repeat across files (a test checks it).
 */
type Resources = Record<string, unknown>;

const loaders = {
  ...import.meta.glob<Resources>('../locales/*.json', { import: 'default' }),
  ...import.meta.glob<Resources>('../features/*/locales/*.json', { import: 'default' }),
};

/** The files that hold texts for `language`, by path. */
export function localeFiles(language: string): string[] {
  return Object.keys(loaders).filter((file) => file.endsWith(`/${language}.json`));
}

/** Every text of `language`, merged from the shared file and the features' files. */
export async function loadLocale(language: string): Promise<Resources> {
  const files = localeFiles(language);
  if (!files.length) throw new Error(`unknown_language:${language}`);
  const parts = await Promise.all(files.map((file) => loaders[file]!()));
  return Object.assign({}, ...parts) as Resources;
}
