// The blog's part of `npm run bench:api`: 10,000 published articles written through the article
// service (sanitised, slugged, indexed for search in the same transaction), with text drawn from the demo
// articles' own words so the search vocabulary has the shape of real Portuguese text.
import type { Kysely } from 'kysely';
import type { Dialect } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { articleFields, createArticle } from '../apps/server/src/features/articles/service.js';
import { demoArticles } from '../apps/server/src/features/articles/seed/blog-articles.js';
import { tokenize } from '../apps/server/src/features/search/text.js';

export const benchArticleCount = 10_000;
/** What the measured calls read: one article in the middle, a list page past the first, a common word. */
export const benchArticleSlug = `bench-${benchArticleCount / 2}`;
export const benchListPath = '/api/articles?page=5&limit=20';
export const benchSearchQuery = 'lisboa';

const perTransaction = 500;

/** A small deterministic generator, so every run seeds the same text. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seedBenchArticles(ctx: {
  db: Kysely<Database>;
  dialect: Dialect;
  counts: { articles: number };
}): Promise<void> {
  const words = [
    ...new Set(demoArticles.flatMap((a) => tokenize(`${a.title} ${a.paragraphs.join(' ')}`).map((t) => t.word))),
  ];
  const next = random(12);
  const pick = () => words[Math.floor(next() * words.length)] ?? 'papo';
  const sentence = (length: number) => Array.from({ length }, pick).join(' ');
  const categories = await ctx.db.selectFrom('article_categories').select('id').execute();
  for (let start = 0; start < benchArticleCount; start += perTransaction) {
    await ctx.db.transaction().execute(async (trx) => {
      const deps = { db: trx, dialect: ctx.dialect, siteOrigin: 'http://localhost' };
      for (let i = start; i < Math.min(start + perTransaction, benchArticleCount); i += 1) {
        const paragraphs = Array.from({ length: 4 }, () => `<p>${sentence(45)}.</p>`).join('\n');
        await createArticle(
          deps,
          null,
          articleFields({
            title: sentence(6),
            slug: `bench-${i}`,
            description: sentence(25),
            content: `<h2>${sentence(4)}</h2>\n${paragraphs}`,
            categoryId: categories[i % categories.length]?.id ?? null,
            isPublished: true,
          }),
        );
      }
    });
  }
  ctx.counts.articles = benchArticleCount;
}
