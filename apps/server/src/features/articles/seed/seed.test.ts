import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Article, ArticlePage, LyricsPage } from '@papo/contract/articles';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { describeEachDialect } from '../../../test/db.js';
import { findActiveContent } from '../../../test/xss.js';
import { coverSize } from './covers.js';
import { demoArticles } from './blog-articles.js';
import { demoLyrics } from './lyrics.js';
import { seedArticles } from './seed.js';

describeEachDialect('demo articles and lyrics', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { DEMO_CONTENT: '1' } });
  });
  afterAll(() => t?.close());

  it('fill an empty database with 30+ articles across every category and 20+ lyrics with sources', async () => {
    expect(demoArticles.length).toBeGreaterThanOrEqual(30);
    expect(demoLyrics.length).toBeGreaterThanOrEqual(20);
    const page = (await t.app.inject({ url: '/api/articles?limit=100' })).json<ArticlePage>();
    expect(page.total).toBe(demoArticles.length);
    expect(new Set(page.articles.map((a) => a.categoryKey))).toEqual(
      new Set(['music', 'culture', 'technology', 'travel', 'community', 'lifestyle']),
    );
    const lyrics = (await t.app.inject({ url: '/api/lyrics?limit=100' })).json<LyricsPage>();
    expect(lyrics.total).toBe(demoLyrics.length);

    const lyric = (await t.app.inject({ url: `/api/lyrics/${lyrics.lyrics[0]?.slug}` })).json<Article>();
    expect(lyric.content).toContain('Fonte: ');
    expect(lyric.content).toContain('domínio público');
    expect(findActiveContent(lyric.content)).toEqual([]);
  });

  it('draw a 1200×630 cover for each article, served from /uploads/', async () => {
    const page = (await t.app.inject({ url: '/api/articles?limit=100' })).json<ArticlePage>();
    const covers = page.articles.map((a) => a.cover);
    expect(new Set(covers).size).toBe(demoArticles.length);
    const served = await t.app.inject({ url: `/uploads/${covers[0]}` });
    expect(served.statusCode).toBe(200);
    const file = await readFile(path.join(t.dataDir, 'uploads', covers[0] ?? ''));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', ...coverSize });
  });

  it('find demo articles by search, the newest first in the list', async () => {
    const { results } = (await t.app.inject({ url: '/api/search?q=lisboa' })).json<{ results: { slug: string }[] }>();
    expect(results[0]?.slug).toBe('um-fim-de-semana-em-lisboa-sem-pressa');
    const latest = (await t.app.inject({ url: '/api/articleLast' })).json<Article>();
    expect(latest.title).toBe(demoArticles[0]?.title);
    expect(latest.authorName).toBe('Redação Papo');
  });

  it('write nothing when articles exist', async () => {
    const deps = { db: t.app.db, dialect, siteOrigin: 'http://localhost:3000', uploads: t.app.uploads };
    expect(await seedArticles(deps)).toBe(0);
  });
});

// Production turns DEMO_CONTENT off unless asked (config.test.ts); the app honours the switch.
describe('demo content switched off (DEMO_CONTENT=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEMO_CONTENT: '0' } });
  });
  afterAll(() => t?.close());

  it('writes no article', async () => {
    expect((await t.app.inject({ url: '/api/articles' })).json<ArticlePage>().total).toBe(0);
  });
});
