import type { NewsItem, NewsSource } from '@papo/contract/home';
import { newsLink } from '@papo/contract/home';
import { z } from 'zod';
import type { ProviderCache } from '../cache.js';
import { getJson } from '../http-json.js';
import { localHeadlines, localPickerResults, type NewsLanguage } from './local-news.js';

const newsDefaultBaseUrl = 'https://www.googleapis.com';

const tenMinutes = 10 * 60 * 1000;

/** The sites each news-picker source searches. */
const sourceSites: Record<NewsSource, string> = { globo: 'globo.com', uol: 'uol.com.br', g1: 'g1.globo.com' };

/** What the home page's headlines search for, per language, and the `lr` restriction of each. */
const homeQueries: Record<NewsLanguage, { q: string; lr: string; gl: string }> = {
  pt: { q: 'notícias', lr: 'lang_pt', gl: 'br' },
  en: { q: 'news', lr: 'lang_en', gl: 'us' },
  fr: { q: 'actualités', lr: 'lang_fr', gl: 'fr' },
  es: { q: 'noticias', lr: 'lang_es', gl: 'es' },
};

/**
 * The Custom Search JSON API answer (developers.google.com/custom-search/v1/reference/rest/v1/Search):
 * `items` is absent when nothing matched; `pagemap` and its `cse_image` are optional per item.
 */
const searchAnswer = z.object({
  items: z
    .array(
      z
        .object({
          title: z.string(),
          link: z.string(),
          snippet: z.string().optional(),
          pagemap: z
            .object({ cse_image: z.array(z.object({ src: z.string() }).loose()).optional() })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .optional(),
});

/** Keeps items whose link is absolute http(s) and drops images that are not; nothing else reaches a page. */
function toNewsItems(answer: z.output<typeof searchAnswer>): NewsItem[] {
  const items: NewsItem[] = [];
  for (const item of answer.items ?? []) {
    if (!newsLink.safeParse(item.link).success) continue;
    const images = (item.pagemap?.cse_image ?? [])
      .filter((image) => newsLink.safeParse(image.src).success)
      .map((image) => ({ src: image.src }));
    items.push({
      title: item.title,
      link: item.link,
      snippet: item.snippet ?? '',
      pagemap: { cse_image: images.slice(0, 1) },
    });
  }
  return items;
}

export interface NewsProvider {
  /** Recent headlines in `lang` for the home page. */
  headlines(lang: NewsLanguage): Promise<NewsItem[]>;
  /** Results of `query` on one source's site, for staff choosing the home page's news. */
  pick(source: NewsSource, query: string): Promise<NewsItem[]>;
}

export interface NewsOptions {
  cache: ProviderCache;
  apiKey?: string;
  cx?: string;
  baseUrl?: string;
  /** Absolute origin of the site, for the links and pictures of the local headlines the news picker offers. */
  siteOrigin: string;
}

/**
 * News through a search API in the Programmable Search JSON format (decision 013), behind the shared provider
 * cache (freshness, stale-while-revalidate, timeouts, retries, fallback). Without a key and engine id it
 * serves the local demo headlines, so a fresh install has news offline.
 */
export function createNewsProvider(opts: NewsOptions): NewsProvider {
  const base = (opts.baseUrl ?? newsDefaultBaseUrl).replace(/\/$/, '');
  const live = Boolean(opts.apiKey && opts.cx) || Boolean(opts.baseUrl);

  function search(params: Record<string, string>) {
    return async (signal: AbortSignal): Promise<NewsItem[]> => {
      const url = new URL(`${base}/customsearch/v1`);
      url.search = new URLSearchParams({ key: opts.apiKey ?? '', cx: opts.cx ?? '', num: '10', ...params }).toString();
      return toNewsItems(await getJson(url, searchAnswer, { signal }));
    };
  }

  return {
    headlines(lang) {
      const fallback = () => localHeadlines(lang);
      if (!live) return Promise.resolve(fallback());
      const { q, lr, gl } = homeQueries[lang];
      return opts.cache.read({
        key: `news:home:${lang}`,
        freshForMs: tenMinutes,
        fetch: search({ q, lr, gl, sort: 'date' }),
        fallback,
      });
    },
    pick(source, query) {
      const fallback = () => localPickerResults(source, query, opts.siteOrigin);
      if (!live) return Promise.resolve(fallback());
      const key = `news:pick:${source}:${query.toLowerCase()}`;
      return opts.cache.read({
        key,
        freshForMs: tenMinutes,
        fetch: search({
          q: query,
          siteSearch: sourceSites[source],
          siteSearchFilter: 'i',
          lr: 'lang_pt',
          sort: 'date',
        }),
        fallback,
      });
    },
  };
}
