import localeUrls from 'virtual:papo-locale-urls';
import { isRecord } from '@papo/contract/records';

/**
 * Every text of `language`, fetched as the JSON file the build made of it (build/locale-json.ts): the
 * browser's way, which keeps the texts out of the JavaScript (the server and the tests use locale-resources.ts).
 */
export async function fetchLocale(language: string): Promise<Record<string, unknown>> {
  const url = localeUrls[language];
  if (!url) throw new Error(`unknown_language:${language}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`locale_unavailable:${language}`);
  const texts: unknown = await response.json();
  if (!isRecord(texts)) throw new Error(`locale_unavailable:${language}`);
  return texts;
}
