import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../test/db.js';
import { insertSignIn } from '../test/users.js';
import { useWebBuild } from '../test/web-build.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

const tablesOf = async (database: ReturnType<typeof openDatabase>, query: string) =>
  (await sql<{ name: string }>`${sql.raw(query)}`.execute(database.db)).rows
    .map((row) => row.name)
    .filter((name) => !/^(sqlite_|kysely_|search_fts)/.test(name))
    .sort();
/** An answer as two nodes may differ in it only by when it was made: the times of the page's handed-over queries. */
const comparable = (body: string) => body.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
const count = async (database: ReturnType<typeof openDatabase>, table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]?.n);

describe.skipIf(!hasPostgres)('npm run admin -- db copy --to postgres://…', () => {
  const build = useWebBuild();
  let dataDir: string;
  let target: TestDatabase;
  const env = () => ({ DATA_DIR: dataDir });
  const admin = (args: string[], progress: (line: string) => void = () => {}) =>
    runAdminCommand(args, { env: env(), password: async () => 'a long passphrase', progress });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-db-copy-'));
    // A SQLite site as a first start leaves it: company, channels, demo articles, shops and biography, and members.
    const site = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        DEMO_CONTENT: '1',
      }),
      logger: false,
    });
    await site.close();
    for (const name of ['ana', 'bea'])
      await admin(['create-user', '--username', name, '--email', `${name}@example.com`]);
    target = await createTestDatabase('postgres', { migrate: false });
  }, 120_000);
  afterAll(async () => {
    await target?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every table with the same row counts, finishing an interrupted copy without a row twice', async () => {
    // The first batch is committed, then the copy stops as a killed process would.
    await expect(
      admin(['db', 'copy', '--to', target.url!], () => {
        throw new Error('interrupted');
      }),
    ).rejects.toThrow('interrupted');
    expect(await admin(['db', 'copy', '--to', target.url!])).toMatch(/^finished the copy of \d+ tables/);

    const source = openDatabase({ sqliteFile: path.join(dataDir, 'papo.sqlite') });
    try {
      const tables = await tablesOf(source, "select name from sqlite_master where type = 'table'");
      expect(
        await tablesOf(
          target.handle,
          "select table_name as name from information_schema.tables where table_schema = 'public'",
        ),
      ).toEqual(tables);
      const counts = async (database: ReturnType<typeof openDatabase>) =>
        Object.fromEntries(
          await Promise.all(tables.map(async (table) => [table, await count(database, table)] as const)),
        );
      const expected = await counts(source);
      expect(expected.users).toBeGreaterThanOrEqual(2);
      expect(expected.search_documents).toBeGreaterThan(0);
      expect(await counts(target.handle)).toEqual(expected);

      // The full-text index answers on PostgreSQL, and new rows take ids after the copied ones.
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from search_documents where tsv <> ''::tsvector`.execute(target.handle.db);
      expect(rows[0]?.n).toBe(expected.search_documents);
      const copiedMax =
        (await sql<{ id: number }>`select max(id) as id from users`.execute(source.db)).rows[0]?.id ?? 0;
      await runAdminCommand(['create-user', '--username', 'caio', '--email', 'caio@example.com'], {
        env: { DATA_DIR: dataDir, DATABASE_URL: target.url! },
        password: async () => 'a long passphrase',
        progress: () => {},
      });
      const caio = await target.handle.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'caio')
        .executeTakeFirstOrThrow();
      expect(caio.id).toBeGreaterThan(copiedMax);
      // The same account on the SQLite site takes the same id: the two sites stay alike for the pages below.
      expect(await admin(['create-user', '--username', 'caio', '--email', 'caio@example.com'])).toContain(
        `(id ${caio.id})`,
      );
    } finally {
      await source.close();
    }
    // Once whole, the copy is a site of its own: copying into it again is refused.
    await expect(admin(['db', 'copy', '--to', target.url!])).rejects.toThrow(/not empty/);
    await expect(admin(['db', 'copy'])).rejects.toBeInstanceOf(UsageError);
  });

  it('serves the same pages and answers from the copy as from the SQLite site', async () => {
    // The nodes share DATA_DIR (its secrets and uploads) and differ only in their database, as after the move.
    const node = (env: Record<string, string>) =>
      buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          WEB_DIST: build.dist,
          DEMO_CONTENT: '0',
          PUBLIC_URL: 'https://papo.example',
          ...env,
        }),
        logger: false,
      });
    const before = await node({});
    const after = await node({ DATABASE_URL: target.url! });
    try {
      const sitemap = await before.inject({ method: 'GET', url: '/sitemap.xml' });
      const pages = [...sitemap.body.matchAll(/<loc>https:\/\/papo\.example([^<]*)<\/loc>/g)].map(
        (match) => match[1] || '/',
      );
      // Every kind of public page is in the sitemap: articles, lyrics, stores, authors, people, channels.
      for (const kind of [/^\/blog\/./, /^\/lyrics\/./, /^\/shop\/./, /^\/autor\/./, /^\/person\/\d+$/, /^\/rio$/])
        expect(
          pages.some((url) => kind.test(url)),
          String(kind),
        ).toBe(true);
      const ana = await before.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'ana')
        .executeTakeFirstOrThrow();
      // one sign-in, the same on both sites, as the copy would have brought it.
      const sessionId = await insertSignIn(before.db, ana.id);
      await insertSignIn(after.db, ana.id, sessionId);
      const member = {
        authorization: `Bearer ${await before.tokens.signAccessToken({ userId: ana.id, username: 'ana', roles: ['ROLE_USER'], sessionId })}`,
      };
      const asked: [string, Record<string, string>][] = [
        ...[...pages, '/blog/rss.xml', '/lyrics/rss.xml', '/robots.txt', '/nao-existe'].map(
          (url): [string, Record<string, string>] => [url, { accept: 'text/html' }],
        ),
        ...[
          '/api/articles',
          '/api/articleLast',
          '/api/lyrics',
          '/api/albums',
          '/api/stores',
          '/api/latestStores',
          '/api/latestUsers',
          '/api/bio',
          '/api/channels',
          '/api/channel-directory',
          '/api/homeNews',
          '/api/news',
          '/api/survey',
          '/api/album-categories',
          '/api/article-categories',
          '/api/search?q=cantiga',
          '/api/search_lyrics?q=sapo',
          '/api/searchBio?q=1974',
        ].map((url): [string, Record<string, string>] => [url, {}]),
        ...[
          '/api/me',
          '/api/userprofile',
          '/api/notifications',
          '/api/conversations',
          '/api/favorite-channels',
          '/api/nicknames',
        ].map((url): [string, Record<string, string>] => [url, member]),
      ];
      const differing: string[] = [];
      for (const [url, headers] of asked) {
        const [a, b] = await Promise.all([before, after].map((app) => app.inject({ method: 'GET', url, headers })));
        const [one, other] = [a!, b!].map((res) => `${res.statusCode} ${comparable(res.body)}`) as [string, string];
        if (one !== other) {
          const at = [...one].findIndex((char, index) => char !== other[index]);
          differing.push(
            `${url}: …${one.slice(Math.max(0, at - 40), at + 60)}… on SQLite, …${other.slice(Math.max(0, at - 40), at + 60)}… on PostgreSQL`,
          );
        }
      }
      expect(differing).toEqual([]);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  }, 120_000);
});
