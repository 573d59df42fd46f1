import { pageSections } from '@papo/contract/page-sections';

/*
 * Permanent redirects of page addresses to their canonical spelling, in one place: the page routes and the not-found
 * answer (src/web.ts) ask `findRedirect` before they render anything. Rules that need no data are here (a trailing
 * slash, letter case); features add sources for what needs a lookup (an article's or a shop's old slug).
 */

/** A feature's redirects: the canonical path for `pathname`, or null when it has none to give. */
export type RedirectSource = (pathname: string) => Promise<string | null>;

/**
 * Sections whose second segment is a slug, always lower case (`/blog/{slug}`, a course's landing page `/curso/{slug}`…);
 * the others keep theirs as it is (a video's id is case-sensitive, an author's page answers their username in any case).
 */
const slugSections = new Set(['blog', 'lyrics', 'shop', 'courses', 'curso']);
/** Every page section by its lower-case name, to its one spelling. */
const firstSegments = new Map<string, string>(pageSections.map((segment) => [segment.toLowerCase(), segment]));

/**
 * The canonical spelling of a page path, or null when it is already canonical: no trailing slash, a known section in
 * its own case (`/BLOG` → `/blog`, `/extraincome` → `/extraIncome`), slugs in lower case, and any other top-level
 * name in lower case (channels are: `/Barra` → `/barra`), and the music page's `/home{name}` as `/music`.
 */
export function canonicalPath(pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const segments = path.split('/');
  const first = segments[1] ?? '';
  const known = firstSegments.get(first.toLowerCase());
  // `/home{name}` is the music page's route (spec); `/music` is its one address.
  if (segments.length === 2 && /^home[A-Za-z0-9_-]*$/i.test(first)) return '/music';
  if (known) {
    segments[1] = known;
    if (slugSections.has(known) && segments[2]) segments[2] = segments[2].toLowerCase();
  } else if (segments.length === 2 && /^[A-Za-z0-9_-]+$/.test(first)) {
    segments[1] = first.toLowerCase();
  }
  path = segments.join('/');
  return path === pathname ? null : path;
}

/**
 * Where a page request should be sent instead (path and query), or null: the canonical spelling first, then the
 * features' sources, asked in turn with the canonical path.
 */
export async function findRedirect(url: string, sources: readonly RedirectSource[]): Promise<string | null> {
  const at = url.indexOf('?');
  const pathname = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at);
  const spelled = canonicalPath(pathname);
  const path = spelled ?? pathname;
  for (const source of sources) {
    const moved = await source(path);
    if (moved && moved !== path) return `${moved}${query}`;
  }
  return spelled === null ? null : `${spelled}${query}`;
}
