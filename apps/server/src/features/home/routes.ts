import { languageSchema } from '@papo/contract/auth';
import {
  homeNewsBody,
  homeNewsQuery,
  latestUsersLimit,
  newsPickerQuery,
  newsQuery,
  surveyId,
  surveyVoteBody,
  type HomeNewsSaved,
  type HomeNewsSelection,
  type LatestUser,
  type NewsItem,
  type NewsResponse,
  type Survey,
  type SurveyVoteResult,
} from '@papo/contract/home';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { parseBody, parseQuery } from '../../lib/http-error.js';
import { resolveJwtSecret } from '../../lib/secret.js';
import { optionalUser, requireStaff } from '../../lib/guard.js';
import { hashIp } from '../contact/index.js';
import { ifMatchOf, revisionEtag } from '../revisions/index.js';
import { findHomeNews, homeNewsVersion, replaceHomeNews } from './news-repo.js';
import { castVote, readSurvey, visitorCookies, type Voter } from './survey.js';

const visitorCookie = 'papo_visitor';
const yearSeconds = 365 * 24 * 60 * 60;

/**
 * The home page's calls (public-site §7, decision 017): news (staff's pick, else the provider's headlines),
 * the news picker and saving its selection (staff), the survey and its vote, and the newest members.
 */
export const homeRoutes: FastifyPluginAsync = async (app) => {
  const secret = await resolveJwtSecret({ configured: app.config.JWT_SECRET, dataDir: app.config.DATA_DIR });
  // NOTE: a key of its own derived from the app secret, so a visitor cookie can never pass as anything else.
  const cookies = visitorCookies(createHash('sha256').update(`papo-visitor-cookie:${secret}`).digest());
  const secure = new URL(app.config.PUBLIC_URL).protocol === 'https:';

  /** The caller as a voter: the member, or the visitor of the survey cookie (none: undefined). */
  async function voterOf(request: FastifyRequest, reply: FastifyReply): Promise<Voter | undefined> {
    const user = await optionalUser(request, reply);
    if (user) return { userId: user.userId };
    const visitorId = cookies.read(request.cookies[visitorCookie]);
    return visitorId ? { visitorId, ipHash: hashIp(request.ip) } : undefined;
  }

  /** The caller as a voter, a visitor without the cookie getting a new one. */
  async function issuedVoter(request: FastifyRequest, reply: FastifyReply): Promise<Voter> {
    const voter = await voterOf(request, reply);
    if (voter) return voter;
    const cookie = cookies.issue();
    reply.setCookie(visitorCookie, cookie.value, {
      path: '/api/survey',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: yearSeconds,
    });
    return { visitorId: cookie.id, ipHash: hashIp(request.ip) };
  }

  app.get('/api/news', async (request, reply): Promise<NewsResponse> => {
    const { lang } = parseQuery(newsQuery, request.query);
    const user = lang ? undefined : await optionalUser(request, reply);
    const language = lang ?? (user ? await memberLanguage(user.userId) : 'pt');
    const picked = await findHomeNews(app.db, language);
    return { papoNews: picked.length ? picked : await app.providers.news.headlines(language) };
  });

  async function memberLanguage(userId: number) {
    const row = await app.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    const parsed = languageSchema.safeParse(row?.language);
    return parsed.success ? parsed.data : 'pt';
  }

  app.get('/api/newsPicker', { preHandler: requireStaff }, async (request): Promise<{ results: NewsItem[] }> => {
    const { source, query } = parseQuery(newsPickerQuery, request.query);
    return { results: await app.providers.news.pick(source, query) };
  });

  // The selection as the picker starts from, with its version: the save sends it back as If-Match.
  app.get('/api/homeNews', { preHandler: requireStaff }, async (request, reply): Promise<HomeNewsSelection> => {
    const { lang } = parseQuery(homeNewsQuery, request.query);
    const items = await findHomeNews(app.db, lang);
    const revision = homeNewsVersion(items);
    void reply.header('etag', revisionEtag(revision)).header('cache-control', 'no-store');
    return { lang, items, revision };
  });

  // NOTE: `If-Match` makes the save conflict-safe (412 `edit_conflict`); a client that sends none (written from the specification) saves unconditionally.
  app.put('/api/homeNews', { preHandler: requireStaff }, async (request, reply): Promise<HomeNewsSaved> => {
    const body = parseBody(homeNewsBody, request.body);
    const revision = await replaceHomeNews(app.db, app.dialect, body, ifMatchOf(request));
    void reply.header('etag', revisionEtag(revision));
    return { message: 'home_news_saved', count: body.items.length, revision };
  });

  app.get('/api/survey', async (request, reply): Promise<Survey> => {
    reply.header('cache-control', 'private, no-store');
    return readSurvey(app.db, surveyId, await voterOf(request, reply));
  });

  app.post('/api/survey/vote', async (request, reply): Promise<SurveyVoteResult> => {
    const body = parseBody(surveyVoteBody, request.body);
    return castVote(app.db, body.surveyId, body.optionIndex, await issuedVoter(request, reply));
  });

  app.get('/api/latestUsers', async (): Promise<LatestUser[]> => {
    const rows = await app.db
      .selectFrom('users')
      .innerJoin('nicknames', (join) =>
        join.onRef('nicknames.user_id', '=', 'users.id').on('nicknames.is_selected', '=', 1),
      )
      .select(['nicknames.nickname', 'users.verified'])
      .where('users.verified', '=', 1)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(latestUsersLimit)
      .execute();
    return rows.map((row) => ({ nickname: row.nickname, isVerified: row.verified === 1 }));
  });
};
