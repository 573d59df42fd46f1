// The read calls `npm run bench:api` measures: every read a page load makes (calls.tsv). Content
// features add their entries here, with a seed step that writes what the call reads.
import type { Kysely } from 'kysely';
import type { DatabaseHandle, Dialect } from '../apps/server/src/db/database.js';
import { seedDatabase } from '../apps/server/src/db/seed/seed.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { findChannel } from '../apps/server/src/features/chat/channel-repo.js';
import { addFavoriteChannel } from '../apps/server/src/features/chat/favorite-repo.js';
import { findOrCreateConversation } from '../apps/server/src/features/conversations/repo.js';
import { insertMessage } from '../apps/server/src/features/conversations/messages-repo.js';
import { insertNickname } from '../apps/server/src/features/nicknames/repo.js';
import { insertNotification } from '../apps/server/src/features/notifications/repo.js';
import { insertUser } from '../apps/server/src/features/users/repo.js';
import type { RouteKind } from './api-stats.js';
import { benchArticleSlug, benchListPath, benchSearchQuery, seedBenchArticles } from './articles-seed.js';

/** What a seed step gets: the seeded database (company and public channels present) and the member. */
export interface SeedContext {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The member whose token the member reads carry. */
  memberId: number;
  /** Counts of seeded content the results report (the blog's seed sets `articles`). */
  counts: { articles: number };
}

export interface BenchRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A JSON body (POST reads such as latest-topic). */
  body?: unknown;
  /** Sends the member's `Authorization: Bearer` token. */
  member: boolean;
  kind: RouteKind;
  /** Its own p99 target at half load, when not the 10 ms of every read (search: 25 ms). */
  p99MsMax?: number;
  /** Writes what the call reads; runs once per database before the server starts. */
  seed?: (ctx: SeedContext) => Promise<void>;
}

/** A member with what a regular has: a second nickname, favourites, conversations, notifications. */
export async function seedMember(db: Kysely<Database>): Promise<number> {
  const memberId = await insertUser(db, {
    name: 'Bench Member',
    username: 'bench',
    email: 'bench@example.com',
    passwordHash: null,
    roles: ['ROLE_USER'],
    verified: true,
  });
  await insertNickname(db, memberId, 'bench_alt');
  return memberId;
}

const favoriteNames = ['barra', 'rio', 'sampa'];

export const benchRoutes: BenchRoute[] = [
  { name: 'healthz', method: 'GET', path: '/healthz', member: false, kind: 'health' },
  { name: 'company', method: 'GET', path: '/api/company/1', member: false, kind: 'public' },
  {
    name: 'userprofile',
    method: 'GET',
    path: '/api/userprofile',
    member: true,
    kind: 'member',
    // the profile reads favourites and conversations too; their entries below seed them.
  },
  {
    name: 'notifications',
    method: 'GET',
    path: '/api/notifications',
    member: true,
    kind: 'member',
    async seed({ db, memberId }) {
      for (let i = 0; i < 30; i += 1) {
        await insertNotification(db, {
          userTo: memberId,
          type: 'mention',
          message: `bench_friend mencionou você em #barra (${i})`,
        });
      }
    },
  },
  {
    name: 'favorite-channels',
    method: 'GET',
    path: '/api/favorite-channels',
    member: true,
    kind: 'member',
    async seed({ db, memberId }) {
      for (const name of favoriteNames) {
        const channel = await findChannel(db, name);
        if (!channel) throw new Error(`the seed has no channel #${name}`);
        await addFavoriteChannel(db, memberId, channel.id);
      }
    },
  },
  {
    name: 'conversations',
    method: 'GET',
    path: '/api/conversations',
    member: true,
    kind: 'member',
    async seed({ db, memberId }) {
      for (let i = 0; i < 8; i += 1) {
        const username = `bench_friend${i}`;
        const friend = await insertUser(db, {
          name: `Friend ${i}`,
          username,
          email: `${username}@example.com`,
          passwordHash: null,
          roles: ['ROLE_USER'],
          verified: true,
        });
        const { id: conversationId } = await findOrCreateConversation(db, memberId, friend);
        for (let m = 0; m < 5; m += 1) {
          await insertMessage(db, { conversationId, senderId: m % 2 ? memberId : friend, content: `Olá ${m}` });
        }
      }
    },
  },
  {
    name: 'latest-topic',
    method: 'POST',
    path: '/api/latest-topic',
    body: { channel: '#barra' },
    member: true,
    kind: 'member',
  },
  // The Channels page's list (public, from memory until `channel_version` moves).
  { name: 'channels', method: 'GET', path: '/api/channels', member: false, kind: 'public' },
  // The blog: 10,000 articles; an article, a list page past the first, a search for a common word.
  {
    name: 'article',
    method: 'GET',
    path: `/api/article/${benchArticleSlug}`,
    member: false,
    kind: 'public',
    seed: seedBenchArticles,
  },
  { name: 'list', method: 'GET', path: benchListPath, member: false, kind: 'public' },
  {
    name: 'search',
    method: 'GET',
    path: `/api/search?q=${benchSearchQuery}`,
    member: false,
    kind: 'public',
    p99MsMax: 25,
  },
];

/** A fresh benchmark database: the app's own seed (company, public channels), the member, and each route's seed. */
export async function seedBench(handle: DatabaseHandle, routes: BenchRoute[] = benchRoutes): Promise<SeedContext> {
  const { db, dialect } = handle;
  await seedDatabase(db, { dialect, publicUrl: 'http://localhost:3000' });
  const ctx: SeedContext = { db, dialect, memberId: await seedMember(db), counts: { articles: 0 } };
  for (const route of routes) await route.seed?.(ctx);
  return ctx;
}

/** One autocannon request: a route of Papo's, or the bare baseline's. */
export interface Target {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * What Chromium sends with every call: answers large enough to gain from it (a list page, the bell) go compressed,
 * as browsers get them. The bare hello-world gets the same header (and answers as it is).
 */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `route` asked of Papo at `url`, with the member's token when it is a member read. */
export function papoTarget(url: string, route: BenchRoute, token: string): Target {
  const headers: Record<string, string> = { ...browserHeaders };
  if (route.member) headers.authorization = `Bearer ${token}`;
  if (route.body === undefined) return { url: `${url}${route.path}`, method: route.method, headers };
  headers['content-type'] = 'application/json';
  return { url: `${url}${route.path}`, method: route.method, headers, body: JSON.stringify(route.body) };
}

/** The bare baseline at `url`: its hello-world (`GET /`), or, given a POST read's body, the same body posted to `/`. */
export function bareTarget(url: string, body?: unknown): Target {
  if (body === undefined) return { url, method: 'GET', headers: browserHeaders };
  return {
    url,
    method: 'POST',
    headers: { ...browserHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}
