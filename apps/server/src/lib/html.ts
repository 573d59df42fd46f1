import { youtubeIdPattern } from '@papo/contract/articles';
import sanitizeHtml from 'sanitize-html';

/*
 * The one HTML sanitiser (decision 010). Staff HTML goes through `sanitizeArticleHtml` when
 * it is written and again when it is served; no other code turns stored text into HTML.
 */

/** Images only from our own uploads folder: `/uploads/<folder>/<name>.<ext>`. */
const uploadImagePath = /^\/uploads\/[a-z]+\/[a-f0-9]{32}\.(?:png|jpg|gif|webp)$/;
/** An embed of YouTube, on either of its domains; only the video id and its start time are kept. */
const youtubeEmbed = /^https:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/;

/** The privacy-enhanced embed URL of a video id (no cookies until the visitor plays it), from `start` seconds on. */
function youtubeEmbedUrl(id: string, start = 0): string {
  return `https://www.youtube-nocookie.com/embed/${id}${start > 0 ? `?start=${start}` : ''}`;
}

/** The start time (whole seconds) an embed address asks for, 0 when none: the one player option kept. */
function youtubeStartOf(src: string): number {
  const start = /[?&]start=(\d{1,6})(?:&|#|$)/.exec(src)?.[1];
  return start ? Number(start) : 0;
}

/** Same-site path or a URL on the site's own origin → the path; anything else → null. */
function ownPath(src: string, siteOrigin: string): string | null {
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  try {
    const url = new URL(src);
    return url.origin === siteOrigin ? url.pathname : null;
  } catch {
    return null;
  }
}

function isExternalLink(href: string, siteOrigin: string): boolean {
  try {
    return new URL(href, siteOrigin).origin !== siteOrigin;
  } catch {
    return true;
  }
}

function youtubeIdOf(src: string | undefined): string | null {
  const id = src ? youtubeEmbed.exec(src.trim())?.[1] : undefined;
  return id && youtubeIdPattern.test(id) ? id : null;
}

/** The frame's width and height when both are plain pixel counts (the public page makes it responsive anyway). */
function frameSize(attribs: Record<string, string>): Record<string, string> {
  const { width, height } = attribs;
  return width && height && /^\d{2,4}$/.test(width) && /^\d{2,4}$/.test(height) ? { width, height } : {};
}

const optionsCache = new Map<string, sanitizeHtml.IOptions>();

function articleOptions(siteOrigin: string): sanitizeHtml.IOptions {
  const cached = optionsCache.get(siteOrigin);
  if (cached) return cached;
  const options: sanitizeHtml.IOptions = {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'br',
      'hr',
      'blockquote',
      'pre',
      'code',
      'ul',
      'ol',
      'li',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'mark',
      'a',
      'img',
      'figure',
      'figcaption',
      'div',
      'iframe',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      iframe: ['src', 'title', 'allowfullscreen', 'loading', 'width', 'height'],
      // TipTap's video wrapper (its editor reads a video only inside it); no other division survives.
      div: ['data-youtube-video'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [], iframe: ['https'] },
    allowProtocolRelative: false,
    allowedIframeHostnames: ['www.youtube-nocookie.com'],
    // `disallowedTagsMode: 'discard'` keeps the text of unknown tags but drops script/style bodies entirely.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'template',
      'title',
      'xmp',
      'noembed',
      'noframes',
    ],
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        const { title } = attribs;
        const attrs: Record<string, string> = {};
        if (href) attrs.href = href;
        if (title) attrs.title = title;
        if (href && isExternalLink(href, siteOrigin)) {
          attrs.rel = 'noopener nofollow';
          attrs.target = '_blank';
        }
        return { tagName, attribs: attrs };
      },
      img: (tagName, attribs) => {
        const path = attribs.src ? ownPath(attribs.src.trim(), siteOrigin) : null;
        const attrs: Record<string, string> = { ...attribs, loading: 'lazy' };
        if (path && uploadImagePath.test(path)) attrs.src = path;
        else delete attrs.src;
        return { tagName, attribs: attrs };
      },
      iframe: (tagName, attribs) => {
        const id = youtubeIdOf(attribs.src);
        const attrs: Record<string, string> = id
          ? {
              src: youtubeEmbedUrl(id, youtubeStartOf(attribs.src ?? '')),
              title: attribs.title ?? 'YouTube',
              allowfullscreen: '',
              loading: 'lazy',
              ...frameSize(attribs),
            }
          : {};
        return { tagName, attribs: attrs };
      },
      // Any other division is unwrapped: its content stays, the tag goes (an unknown tag name is discarded).
      div: (tagName, attribs): sanitizeHtml.Tag =>
        'data-youtube-video' in attribs
          ? { tagName, attribs: { 'data-youtube-video': '' } }
          : { tagName: 'papo-unwrap', attribs: {} },
    },
    // Images without an allowed source and frames that are not a YouTube embed are dropped whole.
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !frame.attribs.src) ||
      (frame.tag === 'iframe' && !frame.attribs.src) ||
      (frame.tag === 'div' && !frame.text.trim() && !frame.mediaChildren.includes('iframe')),
  };
  optionsCache.set(siteOrigin, options);
  return options;
}

/**
 * Staff HTML reduced to the allow-list: headings, paragraphs, lists, quotes, tables, links
 * (external ones get `rel="noopener nofollow"`), images from /uploads/ and YouTube embeds by id.
 * Scripts, event handlers, styles, `javascript:`/`data:` URLs and foreign frames never survive.
 */
export function sanitizeArticleHtml(html: string, siteOrigin: string): string {
  return sanitizeHtml(html, articleOptions(siteOrigin));
}

const blockEnd = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|figcaption|div)>|<br\s*\/?>/gi;

/** The readable text of HTML, entities decoded, whitespace collapsed: for search, snippets and meta descriptions. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(
    html.replace(blockEnd, (tag) => `${tag} `),
    {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe'],
    },
  );
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name] ?? '');
}

/** Text escaped for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}
