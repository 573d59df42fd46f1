import type { ArticleInput } from '@papo/contract/article-schemas';
import type { FastifyInstance } from 'fastify';
import { articleDeps, articleFields, createArticle } from './service.js';

export { articleDeps };

/** A published blog article (or lyric with `isLyrics`) written through the service, as the editor would. */
export async function publishArticle(
  app: FastifyInstance,
  input: Partial<ArticleInput> & { title: string },
  authorId: number | null = null,
): Promise<{ id: number; slug: string }> {
  return createArticle(
    articleDeps(app),
    authorId,
    articleFields({ content: `<p>${input.title}</p>`, isPublished: true, ...input }),
  );
}
