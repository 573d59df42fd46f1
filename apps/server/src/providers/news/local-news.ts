import type { NewsItem, NewsSource } from '@papo/contract/home';
import type { SupportedLanguage } from '@papo/contract/auth';
import { z } from 'zod';
import headlineTexts from './local-news.json' with { type: 'json' };

export type NewsLanguage = SupportedLanguage;

/*
 * Demo headlines served when no search API is configured (decision 013; original, as all demo content): original short news about what
 * is happening on Papo itself, in the four languages, each linking to the page it talks about and
 * illustrated with one of the landscapes Papo draws (features/media). Not outside news, and they say so.
 * the texts are a translation table, so they live in `local-news.json` beside this file (one entry per
 * headline, its four languages together), checked here once when the module loads.
 */

const localized = z.tuple([z.string().min(1), z.string().min(1)]);
const headlineSchema = z.object({
  path: z.string().startsWith('/'),
  photo: z.number().int().min(1),
  text: z.object({ pt: localized, en: localized, fr: localized, es: localized } satisfies Record<
    NewsLanguage,
    typeof localized
  >),
});
type Headline = z.output<typeof headlineSchema>;

const headlines: readonly Headline[] = z.array(headlineSchema).parse(headlineTexts);

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * A headline as a news item. Its link and image are this site's own pages: relative paths on the home page, which
 * works at whatever address the site is reached; `origin` makes them absolute where they are stored
 * (the staff's news picker, whose picks are checked as absolute links).
 */
function toItem(headline: Headline, lang: NewsLanguage, origin = ''): NewsItem {
  const [title, snippet] = headline.text[lang];
  const photo = String(headline.photo).padStart(2, '0');
  return {
    title,
    link: `${origin}${headline.path}`,
    snippet,
    pagemap: { cse_image: [{ src: `${origin}/media/photos/${photo}-small.webp` }] },
  };
}

/** The demo headlines of the home page, linking to the site's pages by relative paths. */
export function localHeadlines(lang: NewsLanguage): NewsItem[] {
  return headlines.map((headline) => toItem(headline, lang));
}

/** The Portuguese demo headlines whose title or snippet holds every word of `query` (the picker's sources are Brazilian). */
export function localPickerResults(_source: NewsSource, query: string, origin: string): NewsItem[] {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return headlines
    .map((headline) => toItem(headline, 'pt', origin))
    .filter((item) => {
      const text = fold(`${item.title} ${item.snippet}`);
      return words.every((word) => text.includes(word));
    });
}
