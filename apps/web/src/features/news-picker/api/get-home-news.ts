import type { SupportedLanguage } from '@papo/contract/auth';
import { homeRoutes } from '@papo/contract/browser-routes/home';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const homeNewsKey = (lang: string) => ['homeNews', lang] as const;

/** The quick news chosen now for a language, with its version (staff). */
export const readHomeNews = (lang: SupportedLanguage, signal?: AbortSignal) =>
  api(homeRoutes.homeNews, { query: { lang }, signal });

/** `GET /api/homeNews?lang=`: what a save replaces, and the version it names as If-Match. */
export function useHomeNews(lang: SupportedLanguage) {
  return useQuery({ queryKey: homeNewsKey(lang), queryFn: ({ signal }) => readHomeNews(lang, signal) });
}
