import { handoverElementId, type ServerRenderedPage } from '@papo/contract/server-render';
import { createHash } from 'node:crypto';
import { escapeHtml } from '../lib/html.js';
import { preloadFiles, publicEntryFiles, type BuildManifest, type ServerRendering } from './renderer.js';

/**
 * index.html with the page's language in `<html lang>` and the site's origin (PUBLIC_URL) in `data-origin`, from
 * which the browser's app writes canonical and og:url links identical to the server's, at whatever address the
 * page was reached (never `location.origin`).
 */
function withLanguage(indexHtml: string, language: string, origin: string, islands = false): string {
  const mark = islands ? ' data-islands' : '';
  return indexHtml.replace(
    /<html\b[^>]*>/i,
    () => `<html lang="${escapeHtml(language)}" data-origin="${escapeHtml(origin)}"${mark}>`,
  );
}

// the app's entry script and its preloads as the build writes them in index.html.
const appScripts = /\s*<(?:script\b[^>]*\btype="module"[^>]*><\/script>|link\b[^>]*\brel="modulepreload"[^>]*>)/g;

/**
 * index.html for a page of islands (decision 042): the public entry (and the chunks it imports) in place of the app's
 * scripts; the page's HTML stays as the server made it and only its islands hydrate.
 */
function withPublicEntry(html: string, manifest: BuildManifest): string {
  const entry = publicEntryFiles(manifest);
  if (!entry) return html;
  const tags = [
    `<script type="module" crossorigin src="${escapeHtml(entry.script)}"></script>`,
    ...entry.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ];
  return html.replace(appScripts, '').replace(/<\/head>/i, () => `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Where the app's entry is, on a 404 page of islands: for a member an unknown address may be a channel to found, and
 * the public entry hands that page over to the app (apps/web/src/islands/navigation.ts). Named, not loaded.
 */
function appEntryMeta(manifest: BuildManifest): string[] {
  const file = manifest['index.html']?.file;
  return file ? [`<meta name="papo-app-entry" content="/${escapeHtml(file)}">`] : [];
}

function textsPreload(build: Pick<ServerRendering, 'localeFiles'>, language: string): string[] {
  const texts = build.localeFiles[language];
  return texts ? [`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(texts)}">`] : [];
}

/** index.html for a page the browser renders alone: in the visitor's language, whose texts start downloading at once. */
export function shellPage(
  indexHtml: string,
  language: string,
  origin: string,
  build: Pick<ServerRendering, 'localeFiles'>,
): string {
  const links = textsPreload(build, language);
  return withLanguage(indexHtml, language, origin).replace(/<\/head>/i, () => `  ${links.join('\n    ')}\n  </head>`);
}

// React writes the elements it hoists (title, meta, link, image preloads) before the markup of a
// tree that is not a whole document; they belong in the head, where the browser's React looks for them.
const leadingHoistable = /^(?:<title>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*>)/;

function splitHoistables(html: string): { head: string[]; body: string } {
  const head: string[] = [];
  let body = html;
  for (let match = leadingHoistable.exec(body); match; match = leadingHoistable.exec(body)) {
    head.push(match[0]);
    body = body.slice(match[0].length);
  }
  return { head, body };
}

/**
 * index.html's stylesheet links turned into the styles themselves: the page paints as soon as its HTML is
 * in, one round trip earlier than with a render-blocking request (decision 019; the CSP allows inline styles).
 */
function withInlineStyles(html: string, styles: Record<string, string>): string {
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = styles[href];
    return css === undefined ? link : `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
}

/** index.html cut where a rendered page's parts go: its head tags, its preload links, its markup and handover. */
interface PageTemplate {
  indexHtml: string;
  /** Up to the app's first script or module preload (else `</head>`): the page's own head tags go after it. */
  top: string;
  /** From there to `</head>`: the page's preload links go after it. */
  head: string;
  /** From `</head>` to #root. */
  body: string;
  /** After #root. */
  end: string;
}

const rootElement = '<div id="root"></div>';
const templates = new WeakMap<object, Map<string, PageTemplate>>();

/**
 * index.html in a page's language, with the styles inline and without the default title or description when the
 * page has its own, cut into its parts: made once per build, language, origin and kind of head, not per render.
 */
function pageTemplate(
  indexHtml: string,
  build: Pick<ServerRendering, 'styles' | 'manifest'>,
  language: string,
  origin: string,
  head: { ownTitle: boolean; ownDescription: boolean; islands: boolean },
): PageTemplate {
  const { ownTitle, ownDescription, islands } = head;
  let made = templates.get(build);
  if (!made) templates.set(build, (made = new Map()));
  const key = `${language}\n${origin}\n${ownTitle}\n${ownDescription}\n${islands}`;
  const kept = made.get(key);
  if (kept?.indexHtml === indexHtml) return kept;
  let html = withInlineStyles(withLanguage(indexHtml, language, origin, islands), build.styles);
  if (islands) html = withPublicEntry(html, build.manifest);
  if (ownTitle) html = html.replace(/\s*<title>[\s\S]*?<\/title>/i, '');
  if (ownDescription) html = html.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  const headEnd = html.search(/<\/head>/i);
  const firstScript = html.search(/<(?:script|link rel="modulepreload")\b/i);
  const at = firstScript === -1 || firstScript > headEnd ? headEnd : firstScript;
  const root = html.indexOf(rootElement);
  const template = {
    indexHtml,
    top: html.slice(0, at),
    head: html.slice(at, headEnd),
    body: html.slice(headEnd, root),
    end: html.slice(root + rootElement.length),
  };
  made.set(key, template);
  return template;
}

/** The times in a handover's answers (when the render fetched them): two renders of an unchanged page differ only there. */
const handoverTimes = /"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

/** A digest of a finished page without its handover's times: equal for two renders that show the same thing. */
export function showingDigest(html: string): string {
  return createHash('sha256').update(html.replace(handoverTimes, '"$1":0')).digest('base64url');
}

/**
 * index.html holding a page the server rendered: its markup in #root, its styles inline, its own title and meta tags in
 * place of the defaults, the handover the browser hydrates from, and preload links for the chunks of
 * its screen and the texts of its language.
 */
export function injectRenderedPage(
  indexHtml: string,
  page: ServerRenderedPage,
  origin: string,
  build: Pick<ServerRendering, 'manifest' | 'localeFiles' | 'styles'>,
): string {
  const { scripts, styles } = preloadFiles(build.manifest, page.modules);
  const { head, body } = splitHoistables(page.html);
  const ownTitle = head.some((tag) => tag.startsWith('<title>'));
  const ownDescription = head.some((tag) => /^<meta\b[^>]*\bname="description"/.test(tag));
  const islands = page.islands === true;
  const template = pageTemplate(indexHtml, build, page.language, origin, { ownTitle, ownDescription, islands });
  // a page of islands needs neither the screen's scripts nor the whole texts file: each island carries its texts.
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...(islands ? [] : scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)),
    ...(islands ? [] : textsPreload(build, page.language)),
    ...(islands && page.status === 404 ? appEntryMeta(build.manifest) : []),
  ];
  const handover = `<script type="application/json" id="${handoverElementId}">${page.handover}</script>`;
  // the page's own tags go before the app's scripts, so the cover it shows first (React's image preload)
  // is requested ahead of the chunks that hydrate it.
  return (
    `${template.top}${head.join('\n    ')}\n    ${template.head}  ${links.join('\n    ')}\n  ${template.body}` +
    `<div id="root">${body}</div>${handover}${template.end}`
  );
}
