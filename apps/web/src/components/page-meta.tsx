import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTitleWithUnread } from '../lib/unread-total';
import { useBrandName } from '../lib/company';
import { siteOrigin } from '../lib/request-context';
import { absoluteUrl, jsonLdText, webPageNode, type JsonLdNode, type WebPageType } from '../lib/json-ld';

/** Cut at a word boundary to at most `max` characters, with an ellipsis when something was cut (as the server's). */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const at = clean.lastIndexOf(' ', max - 1);
  return `${clean.slice(0, at > max / 2 ? at : max - 1).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The drawn share cards (`/media/share/<name>.png`, 1200×630, drawn by the server): a page without a picture of its own. */
export type ShareCard =
  | 'site'
  | 'blog'
  | 'lyrics'
  | 'shop'
  | 'courses'
  | 'videos'
  | 'channels'
  | 'music'
  | 'photos'
  | 'bio'
  | 'cryptos'
  | 'extraIncome';

export const shareCardSize = { width: 1200, height: 630 } as const;

function shareCardPath(card: ShareCard): string {
  return `/media/share/${card}.png`;
}

/**
 * The card of a page of the site itself (`card` 'site'): its own title and description drawn by the server
 * (`pages/{name}.png`: `home` for `/`, `404` for the 404 page, else the page's one segment); a deeper page shares the
 * site's card.
 */
function sitePageCardPath(path: string | null): string {
  if (path === null) return '/media/share/pages/404.png';
  if (path === '/') return '/media/share/pages/home.png';
  const name = /^\/([a-z0-9-]+)$/.exec(path)?.[1];
  return name ? `/media/share/pages/${name}.png` : shareCardPath('site');
}

/** A page's own drawn card (1200×630, its title and what fits of its text), for a lyric, a store or a video. */
export function contentCardPath(section: 'lyrics' | 'stores' | 'videos', slug: string): string {
  return `/media/share/${section}/${encodeURIComponent(slug)}.png`;
}

interface PageImage {
  /** A path on this site or an absolute URL. */
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

const ogLocales: Record<string, string> = { pt: 'pt_BR', en: 'en_US', fr: 'fr_FR', es: 'es_ES' };

export interface PageMetaProps {
  /** The page's own title; the brand is added after it (`<title>` and og:title). */
  title: string;
  /** Plain text; cut to 155 characters for search engines, 200 for social cards. */
  description: string;
  /** The canonical path; the current path by default (its query — tracking parameters included — dropped). */
  path?: string;
  /** The page's own picture, else the drawn card `card`. */
  image?: PageImage | null;
  card?: ShareCard;
  type?: 'article' | 'website' | 'video.other' | 'profile';
  publishedAt?: string | null;
  modifiedAt?: string | null;
  /** The page's schema.org nodes (lib/structured-data.ts, lib/json-ld.ts), written as one JSON-LD block; a `pageType` node by default. */
  structuredData?: readonly JsonLdNode[];
  pageType?: WebPageType;
  /**
   * Kept out of search indexes (the 404 page): such a page names no address of its own (no canonical, og:url or
   * JSON-LD), so every unknown address shows the same page, which the server renders once.
   */
  noindex?: boolean;
}

/**
 * The page's whole head, the one place it is written: title, description, canonical, Open Graph,
 * Twitter and JSON-LD. React hoists the title, meta and link elements into the head, on the server as in the
 * browser, and adopts the server's own when it hydrates; after a client navigation the next page's replace them.
 * Absolute addresses come from the site's origin (PUBLIC_URL), never from `location`. The JSON-LD block stays
 * where the page renders it (Google reads it anywhere in the document).
 */
export function PageMeta(props: PageMetaProps) {
  const {
    title,
    description,
    path,
    image,
    card = 'site',
    type = 'website',
    publishedAt,
    modifiedAt,
    noindex,
    pageType = 'WebPage',
  } = props;
  const { t, i18n } = useTranslation();
  const brand = useBrandName();
  const location = useLocation();
  useEffect(() => {
    // the tags the server writes for a page the browser renders alone (lib/social-preview.ts) give way to these.
    for (const tag of document.head.querySelectorAll('[data-preview]')) tag.remove();
  }, []);
  const origin = siteOrigin();
  const canonicalPath = noindex ? null : (path ?? location.pathname);
  const url = canonicalPath === null ? null : absoluteUrl(origin, canonicalPath);
  const picture = image ?? {
    src: card === 'site' ? sitePageCardPath(canonicalPath) : shareCardPath(card),
    alt: title,
    ...shareCardSize,
  };
  const pictureUrl = absoluteUrl(origin, picture.src);
  const social = cutText(description, 200);
  const fullTitle = `${title} - ${brand}`;
  const shownTitle = useTitleWithUnread(fullTitle);
  const square = picture.width !== undefined && picture.width === picture.height;
  const structuredData =
    props.structuredData ?? (url === null ? [] : [webPageNode(pageType, { name: title, description, url })]);
  return (
    <>
      <title>{shownTitle}</title>
      <meta name="description" content={cutText(description, 155)} />
      {noindex && <meta name="robots" content="noindex" />}
      {url !== null && <link rel="canonical" href={url} />}
      {/* the feeds' autodiscovery, on every page (a reader finds them from any address of the site). */}
      <link rel="alternate" type="application/rss+xml" title={`${t('nav.blog')} - ${brand}`} href="/blog/rss.xml" />
      <link rel="alternate" type="application/rss+xml" title={`${t('nav.lyrics')} - ${brand}`} href="/lyrics/rss.xml" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:locale" content={ogLocales[i18n.language] ?? 'pt_BR'} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={social} />
      {url !== null && <meta property="og:url" content={url} />}
      <meta property="og:image" content={pictureUrl} />
      {picture.width !== undefined && <meta property="og:image:width" content={String(picture.width)} />}
      {picture.height !== undefined && <meta property="og:image:height" content={String(picture.height)} />}
      <meta property="og:image:alt" content={picture.alt} />
      {publishedAt && <meta property="article:published_time" content={publishedAt} />}
      {modifiedAt && <meta property="article:modified_time" content={modifiedAt} />}
      <meta name="twitter:card" content={square ? 'summary' : 'summary_large_image'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={social} />
      <meta name="twitter:image" content={pictureUrl} />
      <meta name="twitter:image:alt" content={picture.alt} />
      {structuredData.length > 0 && (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(structuredData) }} />
      )}
    </>
  );
}
