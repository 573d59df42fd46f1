import { languageSchema } from '@papo/contract/auth';
import { homeRoutes as routes, latestUsersLimit, surveyId } from '@papo/contract/home';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { serve } from '../../lib/api-route.js';
import { resolveJwtSecret } from '../../lib/secret.js';
import { optionalUser } from '../../lib/guard.js';
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
  // a key of its own derived from the app secret, so a visitor cookie can never pass as anything else.
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

  serve(app, routes.news, async ({ query: { lang }, request, reply }) => {
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

  serve(app, routes.newsPicker, async ({ query: { source, query } }) => ({
    results: await app.providers.news.pick(source, query),
  }));

  // The selection as the picker starts from, with its version: the save sends it back as If-Match.
  serve(app, routes.homeNews, async ({ query: { lang }, reply }) => {
    const items = await findHomeNews(app.db, lang);
    const revision = homeNewsVersion(items);
    void reply.header('etag', revisionEtag(revision)).header('cache-control', 'no-store');
    return { lang, items, revision };
  });

  // `If-Match` makes the save conflict-safe (412 `edit_conflict`); a client that sends none (written from the specification) saves unconditionally.
  serve(app, routes.saveHomeNews, async ({ body, request, reply }) => {
    const revision = await replaceHomeNews(app.db, app.dialect, body, ifMatchOf(request));
    void reply.header('etag', revisionEtag(revision));
    return { message: 'home_news_saved', count: body.items.length, revision };
  });

  serve(app, routes.survey, async ({ request, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return readSurvey(app.db, surveyId, await voterOf(request, reply));
  });

  serve(app, routes.vote, async ({ body, request, reply }) => {
    return castVote(app.db, body.surveyId, body.optionIndex, await issuedVoter(request, reply));
  });

  serve(app, routes.latestUsers, async () => {
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
