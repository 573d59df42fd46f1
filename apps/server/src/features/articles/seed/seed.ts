import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { escapeHtml } from '../../../lib/html.js';
import { recordUpload, storeUpload, type UploadStorage } from '../../uploads/index.js';
import { insertUser } from '../../users/index.js';
import { articleFields, createArticle } from '../service.js';
import { demoArticles, type DemoArticle } from './blog-articles.js';
import { coverSize, drawCover } from './covers.js';
import { demoLyrics } from './lyrics.js';

export interface ArticleSeedDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  siteOrigin: string;
  uploads: UploadStorage;
}

/** Hue of each category's covers. */
const categoryHues: Record<string, number> = {
  music: 280,
  culture: 20,
  technology: 210,
  travel: 170,
  community: 140,
  lifestyle: 45,
};

const day = 24 * 60 * 60 * 1000;

function articleHtml(paragraphs: readonly string[]): string {
  return paragraphs
    .map((p) => (p.startsWith('## ') ? `<h2>${escapeHtml(p.slice(3))}</h2>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
}

function lyricHtml(verses: readonly string[], source: string): string {
  const body = verses.map((verse) => `<p>${verse.split('\n').map(escapeHtml).join('<br>')}</p>`).join('\n');
  return `${body}\n<p><em>Fonte: ${escapeHtml(source)}</em></p>`;
}

/**
 * Demo blog articles with drawn covers and traditional lyrics (demo content is original or public domain), by a byline account that
 * has no password. Runs only when the articles table is empty; the caller decides that demo content is on
 * and the database was empty. Dates are spread over the past weeks so the blog has an order.
 */
export async function seedArticles(deps: ArticleSeedDeps): Promise<number> {
  if (await deps.db.selectFrom('articles').select('id').limit(1).executeTakeFirst()) return 0;
  const covered: { article: DemoArticle; cover: string }[] = [];
  for (const [i, article] of demoArticles.entries()) {
    const picture = await drawCover(article.title, categoryHues[article.category] ?? 200, i + 1);
    covered.push({ article, cover: await storeUpload(deps.uploads, 'articles', picture, 'webp') });
  }
  // one transaction for the ~60 rows and their search index; a commit each was most of a seed on PostgreSQL.
  return deps.db.transaction().execute(async (trx) => {
    const categories = new Map(
      (await trx.selectFrom('article_categories').select(['id', 'key']).execute()).map((c) => [c.key, c.id]),
    );
    const authorId = await insertUser(trx, {
      name: 'Redação Papo',
      username: 'redacao',
      email: 'redacao@papo.invalid',
      passwordHash: null,
      roles: ['ROLE_USER'],
      verified: true,
    });
    await trx
      .updateTable('users')
      .set({ welcome_message: 'Textos da equipe do Papo sobre música, cultura, viagens e a vida nos canais.' })
      .where('id', '=', authorId)
      .execute();

    const service = { db: trx, dialect: deps.dialect, siteOrigin: deps.siteOrigin };
    const now = Date.now();
    let written = 0;
    for (const [i, { article, cover }] of covered.entries()) {
      // in the image library like every cover a member uploads, so the page knows its size (og:image:width/height).
      await recordUpload(trx, { key: cover, thumbnail: cover, ...coverSize }, authorId);
      const { id } = await createArticle(
        service,
        authorId,
        articleFields({
          title: article.title,
          description: article.description,
          content: articleHtml(article.paragraphs),
          cover,
          categoryId: categories.get(article.category) ?? null,
          isPublished: true,
        }),
      );
      // Oldest first in the list above would all share "now"; spread them one day apart, newest first.
      await trx
        .updateTable('articles')
        .set({ published_at: new Date(now - i * day).toISOString() })
        .where('id', '=', id)
        .execute();
      written += 1;
    }
    for (const lyric of demoLyrics) {
      await createArticle(
        service,
        authorId,
        articleFields({
          title: lyric.title,
          content: lyricHtml(lyric.verses, lyric.source),
          categoryId: categories.get('music') ?? null,
          isPublished: true,
          isLyrics: true,
          composer: lyric.composer ?? null,
        }),
      );
      written += 1;
    }
    return written;
  });
}
