import { z } from 'zod';
import { supportedLanguages } from './auth.js';
import { idParam } from './ids.js';
import { plainText } from './text.js';
import { apiRoute } from './api-route.js';

/** The home page's own calls: news and the news picker, the survey, the newest members (decision 017). */

/** One news result in the Programmable Search shape (public-site §3 News result). */
const newsItemAnswer = z.object({
  title: z.string(),
  link: z.string(),
  snippet: z.string(),
  pagemap: z.object({ cse_image: z.array(z.object({ src: z.string() })) }),
});
export type NewsItem = z.infer<typeof newsItemAnswer>;

/** The `{product}News` wrapper of `GET /api/news` (public-site §3): the product is Papo. */
const newsAnswer = z.object({ papoNews: z.array(newsItemAnswer) });
export type NewsResponse = z.infer<typeof newsAnswer>;

export const newsSources = ['globo', 'uol', 'g1'] as const;
export type NewsSource = (typeof newsSources)[number];
export const newsLimits = { query: 100, items: 10, title: 300, snippet: 1000, link: 2000 } as const;

/** `GET /api/news?lang=`: without `lang`, the signed-in member's language, else pt. */
export const newsQuery = z.object({ lang: z.enum(supportedLanguages, { error: 'invalid_language' }).optional() });

/** `GET /api/newsPicker?source=&query=` (staff). */
export const newsPickerQuery = z.object({
  source: z.enum(newsSources, { error: 'news_source_unknown' }),
  query: plainText('search_query_required')
    .trim()
    .min(1, 'search_query_required')
    .max(newsLimits.query, 'search_query_too_long'),
});

const absoluteHttp = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .max(newsLimits.link, key)
    // the scheme is checked as written ('https:foo' would parse), then the whole URL by zod's parser.
    .regex(/^https?:\/\/\S+$/i, key)
    .pipe(z.url({ protocol: /^https?$/, error: key }));

/** A link or image a news item may carry: absolute http(s) only, so no `javascript:` ever reaches a page. */
export const newsLink = absoluteHttp('news_link_invalid');

export const newsItemInput = z.object({
  title: plainText('news_title_required')
    .trim()
    .min(1, 'news_title_required')
    .max(newsLimits.title, 'news_title_too_long'),
  link: newsLink,
  snippet: plainText('invalid_type', { multiline: true })
    .trim()
    .max(newsLimits.snippet, 'news_snippet_too_long')
    .default(''),
  image: absoluteHttp('news_image_invalid').nullable().default(null),
});

/** `PUT /api/homeNews` (staff): the quick news of the home page in one language, in order; an empty list clears it. */
export const homeNewsBody = z.object({
  lang: z.enum(supportedLanguages, { error: 'invalid_language' }),
  items: z.array(newsItemInput, { error: 'news_items_invalid' }).max(newsLimits.items, 'news_too_many_items'),
});
export type HomeNewsBody = z.output<typeof homeNewsBody>;

const homeNewsSavedAnswer = z.object({
  message: z.literal('home_news_saved'),
  count: z.number(),
  /** The selection's new version: the next save's `If-Match`. */
  revision: z.number(),
});
export type HomeNewsSaved = z.infer<typeof homeNewsSavedAnswer>;

/** `GET /api/homeNews?lang=` (staff): the quick news chosen for a language, and its version (ETag `"r{revision}"`). */
export const homeNewsQuery = z.object({ lang: z.enum(supportedLanguages, { error: 'invalid_language' }) });

const homeNewsSelectionAnswer = z.object({
  lang: z.string(),
  items: z.array(newsItemAnswer),
  /** The version the picker read, sent back as `If-Match` so a save never replaces a selection it has not seen. */
  revision: z.number(),
});
export type HomeNewsSelection = z.infer<typeof homeNewsSelectionAnswer>;

/** `GET /api/survey`: the question and option keys the client translates, and this voter's state. */
const surveyAnswer = z.object({
  id: z.number(),
  question: z.string(),
  options: z.array(z.string()),
  /** The option this account or visitor chose, or null before voting. */
  votedIndex: z.number().nullable(),
  /** Votes per option, once this voter has voted (results are shown after voting); else null. */
  counts: z.array(z.number()).nullable(),
});
export type Survey = z.infer<typeof surveyAnswer>;

import { surveyId } from './survey-id.js';

export { surveyId };
/** Logged-out votes allowed per IP address and survey (a household shares one address). */
export const visitorVotesPerIp = 5;

export const surveyVoteBody = z.object({
  surveyId: z.coerce.number({ error: 'survey_not_found' }).int('survey_not_found').positive('survey_not_found'),
  optionIndex: z.coerce
    .number({ error: 'survey_option_invalid' })
    .int('survey_option_invalid')
    .min(0, 'survey_option_invalid'),
});

const surveyVoteAnswer = z.object({ surveyId: z.number(), votedIndex: z.number(), counts: z.array(z.number()) });
export type SurveyVoteResult = z.infer<typeof surveyVoteAnswer>;

/** `GET /api/latestUsers`: the newest verified accounts, nothing private. */
const latestUserAnswer = z.object({ nickname: z.string(), isVerified: z.boolean() });
export type LatestUser = z.infer<typeof latestUserAnswer>;
export const latestUsersLimit = 8;

export const surveyParams = z.object({ id: idParam('survey_not_found') });

/**
 * The home page's calls (public-site §7, decision 017). News and the survey answer everyone and adapt to a member
 * (their language, their vote); the picker and the selection are staff's.
 */
export const homeRoutes = {
  news: apiRoute({ method: 'GET', path: '/api/news', query: newsQuery, answer: newsAnswer, auth: 'optional' }),
  newsPicker: apiRoute({
    method: 'GET',
    path: '/api/newsPicker',
    query: newsPickerQuery,
    answer: z.object({ results: z.array(newsItemAnswer) }),
    auth: 'staff',
  }),
  homeNews: apiRoute({
    method: 'GET',
    path: '/api/homeNews',
    query: homeNewsQuery,
    answer: homeNewsSelectionAnswer,
    auth: 'staff',
  }),
  saveHomeNews: apiRoute({
    method: 'PUT',
    path: '/api/homeNews',
    body: homeNewsBody,
    answer: homeNewsSavedAnswer,
    auth: 'staff',
  }),
  survey: apiRoute({ method: 'GET', path: '/api/survey', answer: surveyAnswer, auth: 'optional' }),
  vote: apiRoute({
    method: 'POST',
    path: '/api/survey/vote',
    body: surveyVoteBody,
    answer: surveyVoteAnswer,
    auth: 'optional',
  }),
  latestUsers: apiRoute({
    method: 'GET',
    path: '/api/latestUsers',
    answer: z.array(latestUserAnswer),
    auth: 'public',
  }),
};
