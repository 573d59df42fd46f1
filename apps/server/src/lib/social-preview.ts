import type { ServerRenderTransport } from '@papo/contract/server-render';
import { escapeHtml } from './html.js';

/*
 * The one module that writes social-preview tags into index.html (decision 010). Each
 * feature exports a PreviewSource for its shareable paths; web.ts asks them in turn for the page being
 * served, so a link shared in a messenger shows title, description and image without JavaScript.
 */

export interface PagePreview {
  title: string;
  /** Plain text; cut here to 155 characters for search engines and 200 for social cards. */
  description: string;
  /** The page's path, for the canonical link. */
  path: string;
  /** A path on this site (`/uploads/…`) or an absolute URL; null when the page has no picture. */
  image: string | null;
  /** The image's size in pixels, when known (og:image:width and og:image:height); the title is its alt text. */
  imageSize?: { width: number; height: number } | null;
  type: 'article' | 'website';
  publishedAt?: string | null;
  modifiedAt?: string | null;
  authorName?: string | null;
}

type PreviewResult = { found: true; preview: PagePreview } | { found: false };

/**
 * A feature's previews: null when `pathname` is not one of its pages, `{found: false}` for its unknown slugs. `route`
 * is the web route table's name for the address (`channel`, `person`…) when the server renderer is there, else null.
 * web.ts asks before it renders a page, so an unknown slug costs a lookup, never a render of its own. `api` answers
 * the page's own API calls as its render makes them (ssr/transport.ts), each GET once for the preview and the render:
 * a source that reads the answer the page shows shares its read, so a page not kept reads its row once.
 */
export type PreviewSource = (
  pathname: string,
  route: string | null,
  api: ServerRenderTransport,
) => Promise<PreviewResult | null>;

/**
 * The page's API answer at `path` (its parsed JSON) when there is one (200), else null: a 404, or a redirect to the
 * thing's other address, which is not the page asked.
 */
export async function readPageAnswer(api: ServerRenderTransport, path: string): Promise<unknown> {
  const answer = await api(path, {});
  if (answer.status !== 200) return null;
  const parsed: unknown = JSON.parse(await answer.text());
  return parsed;
}

export interface Site {
  /** PUBLIC_URL's origin, e.g. https://papo.example. */
  origin: string;
  brand: string;
}

/** Cut at a word boundary to at most `max` characters, with an ellipsis when something was cut. */
function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.lastIndexOf(' ', max - 1);
  return `${clean.slice(0, cut > max / 2 ? cut : max - 1).replace(/[\s,.;:!?-]+$/, '')}…`;
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/** JSON inside a script element: `<` escaped so the text can never close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags of a preview: title, descriptions, canonical link, Open Graph, Twitter and JSON-LD. */
export function previewHead(preview: PagePreview, site: Site): { title: string; tags: string } {
  const url = absolute(preview.path, site.origin);
  const image = preview.image ? absolute(preview.image, site.origin) : null;
  const social = cutText(preview.description, 200);
  // data-preview marks the tags the web app replaces with its own once it renders the page.
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-preview />`;
  const tags = [
    meta('name', 'description', cutText(preview.description, 155)),
    `<link rel="canonical" href="${escapeHtml(url)}" data-preview />`,
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', social),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'pt_BR'),
    ...(image ? [meta('property', 'og:image', image)] : []),
    ...(image && preview.imageSize
      ? [
          meta('property', 'og:image:width', String(preview.imageSize.width)),
          meta('property', 'og:image:height', String(preview.imageSize.height)),
        ]
      : []),
    ...(image ? [meta('property', 'og:image:alt', preview.title)] : []),
    ...(preview.publishedAt ? [meta('property', 'article:published_time', preview.publishedAt)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', social),
    ...(image ? [meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', preview.title)] : []),
  ];
  if (preview.type === 'article') {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: preview.title,
      description: social,
      mainEntityOfPage: url,
      ...(image ? { image: [image] } : {}),
      ...(preview.publishedAt ? { datePublished: preview.publishedAt } : {}),
      ...(preview.modifiedAt ? { dateModified: preview.modifiedAt } : {}),
      ...(preview.authorName ? { author: { '@type': 'Person', name: preview.authorName } } : {}),
      publisher: { '@type': 'Organization', name: site.brand },
    };
    tags.push(`<script type="application/ld+json" data-preview>${jsonForScript(jsonLd)}</script>`);
  }
  return { title: `${preview.title} - ${site.brand}`, tags: tags.join('\n    ') };
}

const titleElement = /<title>[\s\S]*?<\/title>/i;
const descriptionMeta = /<meta\s+name="description"[^>]*>\s*/i;

/** index.html with the page's own title and tags in place of the app's defaults. */
export function injectHead(indexHtml: string, head: { title: string; tags: string }): string {
  const withoutDefaults = indexHtml.replace(descriptionMeta, '');
  const titled = titleElement.test(withoutDefaults)
    ? withoutDefaults.replace(titleElement, () => `<title>${escapeHtml(head.title)}</title>`)
    : withoutDefaults.replace(/<\/head>/i, () => `<title>${escapeHtml(head.title)}</title></head>`);
  return titled.replace(/<\/head>/i, () => `    ${head.tags}\n  </head>`);
}

/** The head of the app's 404 page: kept out of search indexes. */
const notFoundHead = '<meta name="robots" content="noindex" />';

export function injectNotFound(indexHtml: string): string {
  return indexHtml.replace(/<\/head>/i, () => `    ${notFoundHead}\n  </head>`);
}
