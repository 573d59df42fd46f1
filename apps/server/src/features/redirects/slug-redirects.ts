import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/schema.js';

/*
 * Links that survive (decision 024): when an article, lyric, shop or course changes its slug, the old slug
 * is kept pointing at the row, so a shared link keeps working: its page and its API answer 301 to the address of
 * today. A slug taken again by a row of the same kind is that row's (its redirect is dropped). Only published rows
 * are redirected to; the sitemap and the feed list current addresses only (they read the rows).
 */

export type SlugKind = 'article' | 'store';

/** A row of `kind` moved from `oldSlug` to `newSlug`: the old one now redirects to it, the new one is its own. */
export async function recordSlugChange(
  db: Db,
  kind: SlugKind,
  targetId: number,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  if (oldSlug === newSlug) return;
  await claimSlug(db, kind, newSlug);
  await db
    .insertInto('slug_redirects')
    .values({ kind, old_slug: oldSlug, target_id: targetId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['kind', 'old_slug']).doUpdateSet({ target_id: targetId }))
    .execute();
}

/** A row of `kind` now holds `slug`: an old address of another row by that name no longer redirects. */
export async function claimSlug(db: Db, kind: SlugKind, slug: string): Promise<void> {
  await db.deleteFrom('slug_redirects').where('kind', '=', kind).where('old_slug', '=', slug).execute();
}

/** The published article or lyric that once had `slug`: its slug today and its section. */
export async function movedArticle(db: Db, slug: string): Promise<{ slug: string; lyrics: boolean } | undefined> {
  const row = await db
    .selectFrom('slug_redirects as r')
    .innerJoin('articles as a', 'a.id', 'r.target_id')
    .select(['a.slug', 'a.is_lyrics'])
    .where('r.kind', '=', 'article')
    .where('r.old_slug', '=', slug)
    .where('a.is_published', '=', 1)
    .executeTakeFirst();
  return row && row.slug !== slug ? { slug: row.slug, lyrics: row.is_lyrics === 1 } : undefined;
}

/** The published shop or course that once had `slug`: its slug today and its kind. */
export async function movedStore(db: Db, slug: string): Promise<{ slug: string; kind: 'shop' | 'course' } | undefined> {
  const row = await db
    .selectFrom('slug_redirects as r')
    .innerJoin('stores as s', 's.id', 'r.target_id')
    .select(['s.slug', 's.kind'])
    .where('r.kind', '=', 'store')
    .where('r.old_slug', '=', slug)
    .where('s.is_published', '=', 1)
    .executeTakeFirst();
  return row && row.slug !== slug ? { slug: row.slug, kind: row.kind } : undefined;
}

const pagePath = /^\/(blog|lyrics|shop|courses)\/([^/]+)\/?$/;
const slugShape = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const lyricId = /^[1-9][0-9]{0,8}$/;

/** The section of an article's page: a lyric's is `/lyrics`, any other's `/blog`. */
const articleSection = (lyrics: boolean) => (lyrics ? 'lyrics' : 'blog');
/** The section of a store's page: a course's is `/courses`, a shop's `/shop`. */
const storeSection = (kind: 'shop' | 'course') => (kind === 'course' ? 'courses' : 'shop');

/**
 * The address of today of an article's page asked at another one: an old slug, a published row's slug under the other
 * section (`/blog/{a lyric}`), or a lyric's id (`/lyrics/12`, a link the lyrics search gave out).
 */
async function articleAddress(db: Db, section: string, slug: string): Promise<string | null> {
  if (section === 'lyrics' && lyricId.test(slug)) {
    const row = await db
      .selectFrom('articles')
      .select('slug')
      .where('id', '=', Number(slug))
      .where('is_published', '=', 1)
      .where('is_lyrics', '=', 1)
      .executeTakeFirst();
    return row ? `/lyrics/${row.slug}` : null;
  }
  if (!slugShape.test(slug)) return null;
  const current = await db
    .selectFrom('articles')
    .select('is_lyrics')
    .where('slug', '=', slug)
    .where('is_published', '=', 1)
    .executeTakeFirst();
  if (current) return `/${articleSection(current.is_lyrics === 1)}/${slug}`;
  const moved = await movedArticle(db, slug);
  return moved ? `/${articleSection(moved.lyrics)}/${moved.slug}` : null;
}

/** The address of today of a store's page asked at another one: an old slug, or the other kind's section. */
async function storeAddress(db: Db, slug: string): Promise<string | null> {
  if (!slugShape.test(slug)) return null;
  const current = await db
    .selectFrom('stores')
    .select('kind')
    .where('slug', '=', slug)
    .where('is_published', '=', 1)
    .executeTakeFirst();
  if (current) return `/${storeSection(current.kind)}/${slug}`;
  const moved = await movedStore(db, slug);
  return moved ? `/${storeSection(moved.kind)}/${moved.slug}` : null;
}

/**
 * For the page server (web.ts): the one address of a page asked at another (`/blog/old` → `/blog/new`, or
 * `/lyrics/new` when the article became a lyric; `/shop/{a course}` → `/courses/{slug}`; `/lyrics/12` →
 * `/lyrics/{slug}`), or null when the page is at its address or nowhere. A lookup or two by unique key, for these four
 * sections only.
 */
export function movedPage(app: FastifyInstance): (pathname: string) => Promise<string | null> {
  return async (pathname) => {
    const match = pagePath.exec(pathname);
    if (!match) return null;
    const [, section = '', slug = ''] = match;
    const address =
      section === 'blog' || section === 'lyrics'
        ? await articleAddress(app.db, section, slug)
        : await storeAddress(app.db, slug);
    return address === pathname ? null : address;
  };
}
