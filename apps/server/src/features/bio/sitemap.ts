import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SitemapSource } from '../site/index.js';

/**
 * The biography's events and people, each a page of its own (`/person/{id}`), for the sitemap, with its
 * last change (its creation until one). The years are the sections of `/bio`, listed among the fixed pages.
 */
export function bioSitemap(db: Kysely<Database>): SitemapSource {
  return async () => {
    const rows = await db
      .selectFrom('bio_entries')
      .select(['id', 'created_at', 'updated_at'])
      .where('kind', '=', 'event')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ path: `/person/${row.id}`, modifiedAt: row.updated_at ?? row.created_at }));
  };
}
