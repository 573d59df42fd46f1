import type { HomeNewsSelection } from '@papo/contract/home';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export const homeNewsKey = (lang: string) => ['homeNews', lang] as const;

/** The quick news chosen now for a language, with its version (staff). */
export const readHomeNews = (lang: string, signal?: AbortSignal) =>
  apiFetch<HomeNewsSelection>('/api/homeNews', { query: { lang }, signal });

/** `GET /api/homeNews?lang=`: what a save replaces, and the version it names as If-Match. */
export function useHomeNews(lang: string) {
  return useQuery({ queryKey: homeNewsKey(lang), queryFn: ({ signal }) => readHomeNews(lang, signal) });
}
