import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ServerRenderTransport } from '@papo/contract/server-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { finishDocument, sendFinished, type FinishedDocument } from './lib/conditional.js';
import { compressPerRequest, preferredCoding } from './lib/encoding.js';
import { createPageCache, renderedPageKey, type PageCache } from './ssr/page-cache.js';
import { createRenderBudget } from './ssr/render-budget.js';
import { injectRenderedPage, shellPage, showingDigest } from './ssr/page-html.js';
import { loadServerRendering, privateBuildFolders, type ServerRendering } from './ssr/renderer.js';
import { findRedirect, type RedirectSource } from './ssr/redirects.js';
import { injectTransport, readingOnce } from './ssr/transport.js';
import {
  injectHead,
  injectNotFound,
  previewHead,
  type PagePreview,
  type PreviewSource,
  type Site,
} from './lib/social-preview.js';

/** apps/web/dist, found from this file rather than the working directory. */
export const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** When the web build in `dist` was made (its index.html's time), else now: the release's pages changed then. */
export function releaseTime(dist: string): Date {
  const index = path.join(path.resolve(dist), 'index.html');
  return existsSync(index) ? statSync(index).mtime : new Date();
}

const immutable = 'public, max-age=31536000, immutable';
// renders overlap (one renders while others wait for their data): beyond this many under way, a page not kept
// is sent for the browser to render, so distinct addresses asked in a burst cannot pile up renders without end.
const maxWaitingRenders = 8;
// pages are made per request and change with content and language: always revalidated, never stored stale.
const pageCacheControl = 'no-cache';

export interface WebAppOptions {
  /** The features' social previews, asked in turn for each page served (lib/social-preview.ts). */
  previews: readonly PreviewSource[];
  /** The site's origin and brand, for absolute links and titles in previews. */
  site: () => Promise<Site>;
  /** The features' redirects of page addresses (old slugs), asked after the canonical spelling (ssr/redirects.ts). */
  redirects?: readonly RedirectSource[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages the server rendered and keeps: `settled` once none is being rendered (behind an answer included). */
    renderedPages: { settled(): Promise<void>; stats(): ReturnType<PageCache['stats']> | undefined };
  }
}

/**
 * Serves the built web app when `dist` exists: its files, and a GET route per page of the web's route table (decision
 * 050), which answers the app's index.html so client-side routes survive a reload — with the page's first view
 * rendered in it for public pages (decision 019), the page's preview tags when a feature has them, and status 404 when
 * a feature knows the slug does not exist. The not-found answer takes the rest: `/api/*`, file paths and requests that
 * ask for something other than HTML get JSON 404, a page address no route has the 404 page.
 */
export async function registerWebApp(app: FastifyInstance, dist: string, opts: WebAppOptions): Promise<void> {
  const root = path.resolve(dist);
  const hasDist = existsSync(path.join(root, 'index.html'));
  if (hasDist) await registerFiles(app, root);
  const web = await preparePages(app, root, hasDist, opts);
  if (hasDist) registerPages(web);
  registerMisses(web);
}

/** The build's files, each under a route of its own, with the cache lifetime its name allows. */
async function registerFiles(app: FastifyInstance, root: string): Promise<void> {
  const assets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    cacheControl: false,
    // the web build writes .br and .gz beside each text asset; they are sent when the browser accepts them.
    preCompressed: true,
    // `/` is a page like the others (rendered below), not the file index.html; the server renderer and
    // the build manifest are read by the server, not sent to browsers.
    index: false,
    // a route per file of the build, found once at start-up, instead of a wildcard that looks for a file on
    // every request: a page's address reaches the page handler without a file system stat.
    wildcard: false,
    globIgnore: privateBuildFolders.map((folder) => `${folder}/**`),
    // `/index.html` is no page of its own (an empty shell under a second address): the 404 page answers it.
    allowedPath: (pathName) =>
      pathName !== '/' &&
      pathName !== '/index.html' &&
      !privateBuildFolders.some((folder) => pathName.startsWith(`/${folder}/`)),
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files under assets/, so they never change; index.html always may.
      reply.header('cache-control', filePath.startsWith(assets) ? immutable : 'no-cache');
    },
  });
}

/** What the page and miss handlers share: the app shell, the server renderer and the kept pages. */
interface WebParts {
  app: FastifyInstance;
  opts: WebAppOptions;
  hasDist: boolean;
  indexHtml: string;
  rendering: Awaited<ReturnType<typeof loadServerRendering>> | null;
  renderer: ReturnType<typeof pageRenderer> | null;
}

/** Loads the server renderer and its page cache, and ties their lifetime to the app's. */
async function preparePages(
  app: FastifyInstance,
  root: string,
  hasDist: boolean,
  opts: WebAppOptions,
): Promise<WebParts> {
  // read once; a new build is served after a restart, as the hashed asset names in it also change.
  const indexHtml = hasDist ? readFileSync(path.join(root, 'index.html'), 'utf8') : '';

  const rendering = hasDist ? await loadServerRendering(root) : null;
  const budget = createRenderBudget({
    perAddress: app.config.RENDERS_PER_ADDRESS,
    overall: app.config.RENDERS_PER_NODE,
  });
  const pages = rendering
    ? createPageCache<KeptPage>(app, {
        etag: (page) => page.document.identity.etag,
        maxRenders: maxWaitingRenders,
        budget,
      })
    : null;
  const renderedPages = { settled: () => pages?.settled() ?? Promise.resolve(), stats: () => pages?.stats() };
  app.decorate('renderedPages', renderedPages);
  // a page may be rendering behind one already answered (ssr/page-cache.ts): it ends before the app does, and
  // the render threads after it.
  app.addHook('onClose', async () => {
    await renderedPages.settled();
    await rendering?.close();
  });
  // a node that listens loads its render thread at once (a few seconds on a busy machine); an app only injected
  // into (tests) starts it with its first render.
  app.addHook('onListen', async () => rendering?.warm());
  const renderer = rendering && pages ? pageRenderer({ app, rendering, pages, opts, indexHtml }) : null;
  return { app, opts, hasDist, indexHtml, rendering, renderer };
}

/** index.html in the visitor's language with the site's origin, for a page the browser renders alone. */
async function shellHtml({ indexHtml, rendering, opts }: WebParts, request: FastifyRequest): Promise<string> {
  if (!rendering) return indexHtml;
  return shellPage(
    indexHtml,
    rendering.renderer.pageLanguage(String(request.headers.cookie ?? '')),
    (await opts.site()).origin,
    rendering,
  );
}

/** The 404 page: rendered once per language and kept, else index.html marked `noindex`. */
async function sendNotFound(web: WebParts, request: FastifyRequest, reply: FastifyReply) {
  const kept = web.renderer ? await web.renderer.notFound(request) : null;
  if (kept) {
    reply.status(404);
    return sendFinished(request, reply, kept.document, {
      contentType: htmlType,
      cacheControl: pageCacheControl,
      vary: pageVary,
      conditional: false,
    });
  }
  reply.status(404).type(htmlType);
  return sendCompressed(request, reply, injectNotFound(await shellHtml(web, request)));
}

/**
 * A page's answer: the kept or rendered page, one redirect to its address (spelling, old slug), the 404 page when its
 * slug is unknown, or index.html with the page's preview tags when the browser renders the page alone.
 */
async function answerPage(web: WebParts, request: FastifyRequest, reply: FastifyReply) {
  const { app, opts, renderer } = web;
  reply.header('cache-control', pageCacheControl);
  // Previews of unpublished text (decision 024) are never indexed.
  if (/^\/(?:preview|editor\/[^/?]+\/preview)\b/.test(request.url)) reply.header('x-robots-tag', 'noindex');
  const pathname = decodePath(request.url);
  if (pathname === null) return reply.sendFile('index.html');
  // the spelling first (no data needed); the features' sources (old slugs) only for a page not found below,
  // so a page that exists costs no lookup. A misspelled address asks them too, so an old slug typed with capitals or
  // a trailing slash reaches its page in one redirect.
  const respelled = await findRedirect(request.url, []);
  if (respelled) return reply.redirect((await findRedirect(request.url, opts.redirects ?? [])) ?? respelled, 301);
  const rendered = renderer ? await renderer.page(request, pathname) : { page: null, missing: false, route: null };
  // a page the browser renders alone (a member page, a failed render, renders at their bound) has its preview
  // looked up here, for crawlers; a missing page's was, before any render.
  const preview =
    rendered.page || rendered.missing
      ? null
      : await findPreview(opts.previews, pathname, rendered.route, injectTransport(app, request));
  const found = rendered.page ? rendered.page.found : !rendered.missing && preview?.found !== false;
  if (!found) {
    // an old slug's address (ssr/redirects.ts) is a page that does not exist: asked before the 404 is sent.
    const moved = await findRedirect(request.url, opts.redirects ?? []);
    if (moved) return reply.redirect(moved, 301);
    if (!rendered.page) return sendNotFound(web, request, reply);
  }
  const kept = rendered.page;
  if (kept) {
    // a rendered page is kept finished (ssr/page-cache.ts): its bytes in each coding and their ETag, made once
    // when it was rendered, so a visitor's request costs no string work and no compression.
    reply.status(kept.found ? 200 : 404);
    return sendFinished(request, reply, kept.document, {
      contentType: htmlType,
      cacheControl: pageCacheControl,
      vary: pageVary,
      conditional: kept.found,
    });
  }
  let html = await shellHtml(web, request);
  if (preview?.found) html = injectHead(html, previewHead(preview.preview, await opts.site()));
  reply.status(200).type(htmlType);
  return sendCompressed(request, reply, html);
}

/** One route per page of the web's route table. */
function registerPages(web: WebParts): void {
  /**
   * A page route's handler: a page asked for as a page. The same address asked otherwise (a call, an image, a dotted
   * address that `/:slug` also matches) is no page: the not-found answer takes it, counted and logged as a miss.
   */
  async function pageRoute(request: FastifyRequest, reply: FastifyReply) {
    if (askedFor(request) !== 'page') return reply.callNotFound();
    return answerPage(web, request, reply);
  }

  // one route per path of the web's route table, so a page request is routed, logged and counted under its
  // pattern (`/blog/:slug`), and Fastify's router does the matching. A build without its server renderer has no
  // route table for the server: the app's shell answers every address the browser may route, as one wildcard.
  for (const url of web.rendering ? web.rendering.pagePaths : ['/*']) web.app.get(url, pageRoute);
}

/** What no route answers. */
function registerMisses(web: WebParts): void {
  const { app, opts, hasDist } = web;
  /**
   * What no route answers: JSON 404 to calls, assets and anything not asked as a page; to a page request, one redirect
   * when the address is a page's in another spelling or an old slug, else the 404 page (HTML, `noindex`).
   */
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = askedFor(request);
    if (!hasDist || asked === null) {
      const moved = asked === 'page' ? await findRedirect(request.url, opts.redirects ?? []) : null;
      if (moved) return reply.redirect(moved, 301);
      return reply.status(404).send({ message: 'not_found' });
    }
    reply.header('cache-control', pageCacheControl);
    // no page has a dot in its address (`/sobre-nos.html`, `/blog/{slug}.html`, `/person/1.0`): a browser asking
    // for one gets the 404 page, not a second copy of a page nor a JSON answer.
    if (asked === 'file') return sendNotFound(web, request, reply);
    // an address no page route has in this spelling: capitals or a trailing slash (`/Blog/Nome-Antigo/`) name a
    // page, reached in one redirect that also follows an old slug.
    const moved = await findRedirect(request.url, opts.redirects ?? []);
    if (moved) return reply.redirect(moved, 301);
    return sendNotFound(web, request, reply);
  });
}

type FoundPreview = { found: true; preview: PagePreview } | { found: false } | null;

/**
 * A rendered page as kept in memory: index.html holding the first view, with the site it names decided when it was
 * rendered, finished (bytes, encodings, ETag); and whether the page exists.
 */
interface KeptPage {
  found: boolean;
  /** What the page shows (`showingDigest`): a later render showing the same keeps this page, bytes and ETag. */
  showing: string;
  document: FinishedDocument;
}

const htmlType = 'text/html; charset=utf-8';
const pageVary = 'accept-encoding, cookie';

async function findPreview(
  previews: readonly PreviewSource[],
  pathname: string,
  route: string | null,
  api: ServerRenderTransport,
): Promise<FoundPreview> {
  for (const source of previews) {
    const result = await source(pathname, route, api);
    if (result) return result;
  }
  return null;
}

interface PageRendering {
  app: FastifyInstance;
  rendering: ServerRendering;
  pages: PageCache<KeptPage>;
  opts: WebAppOptions;
  indexHtml: string;
}

/**
 * A request's page: the kept or rendered page (null when the browser renders it alone: a member page, a failed render,
 * renders at their bound); whether a feature said its slug does not exist (`missing`, then no page); and the name of
 * its route in the web's route table.
 */
interface RenderedAnswer {
  page: KeptPage | null;
  missing: boolean;
  route: string | null;
}

/**
 * The server renderer's pages, kept (ssr/page-cache.ts) under what changes them alone (`pageInput`: the address with
 * its declared query parameters, the language and cookie choices), so a random query string or cookie finds the kept
 * page instead of a render.
 *
 * Whether a page exists is asked before it is rendered, on a miss only (a kept page costs no lookup): a page that
 * does not exist is neither rendered nor kept at its own address. Every one is answered with the one 404 page kept
 * at the renderer's `unknownPageUrl` (`notFound`), so a storm of random slugs costs a lookup each, no render, and
 * pushes no kept page out of memory.
 */
function pageRenderer({ app, rendering, pages, opts, indexHtml }: PageRendering) {
  const { renderer } = rendering;
  const cookieOf = (request: FastifyRequest) => String(request.headers.cookie ?? '');
  const keyOf = (url: string, cookie: string) => renderedPageKey(url, renderer.pageLanguage(cookie), cookie);

  /** The page at `url` rendered with these cookies, finished, or null when the browser renders it alone. */
  async function render(
    request: FastifyRequest,
    url: string,
    cookie: string,
    previous?: KeptPage,
    api: ServerRenderTransport = injectTransport(app, request),
  ): Promise<KeptPage | null> {
    const site = await opts.site();
    const rendered = await renderer.render({ url, origin: site.origin, cookie, api });
    if (!rendered) return null;
    // a rendered page's head is the app's own (components/page-meta.tsx), which the browser's React takes
    // over as it hydrates: nothing is added to it, so every tag is there once.
    let html = injectRenderedPage(indexHtml, rendered, site.origin, rendering);
    const found = rendered.status !== 404;
    if (!found && !rendered.html.includes('name="robots"')) html = injectNotFound(html);
    const showing = showingDigest(html);
    // nothing new since the kept page (only the handover's times differ): no compression, and a browser holding
    // it keeps its 304s.
    if (previous?.found === found && previous.showing === showing) return previous;
    return { found, showing, document: await finishDocument(html) };
  }

  /** `pages.page`, with a failed render logged and answered null: the browser renders that page itself. */
  async function kept(
    request: FastifyRequest,
    key: string,
    make: (previous?: KeptPage) => Promise<KeptPage | null>,
    budgetedFor?: string,
  ): Promise<KeptPage | null> {
    try {
      return await pages.page(key, make, budgetedFor);
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed');
      return null;
    }
  }

  return {
    async page(request: FastifyRequest, pathname: string): Promise<RenderedAnswer> {
      const { url, cookie, route } = renderer.pageInput(request.url, cookieOf(request));
      // the requests that share one render (ssr/page-cache.ts) do not run this: only the one that looked
      // learns here that the page is missing; the others find it out from the preview as a page not rendered.
      let missing = false;
      const page = await kept(
        request,
        keyOf(url, cookie),
        async (previous) => {
          // the preview reads what the page's render then reads (the same API answers, read once for both): a
          // page not kept reads its rows once.
          const api = readingOnce(injectTransport(app, request));
          const preview = route === null ? null : await findPreview(opts.previews, pathname, route, api);
          if (preview?.found === false) {
            missing = true;
            return null;
          }
          return render(request, url, cookie, previous, api);
          // `url` keeps only the route's declared parameters: one there means a page a visitor can name anew at
          // will, so its renders count against the budget (ssr/render-budget.ts).
        },
        url.includes('?') ? request.ip : undefined,
      );
      return { page, missing, route };
    },
    /** The one 404 page of every address without a page, kept per language and cookie choice. */
    notFound(request: FastifyRequest): Promise<KeptPage | null> {
      const { url, cookie } = renderer.pageInput(renderer.unknownPageUrl, cookieOf(request));
      return kept(request, keyOf(url, cookie), (previous) => render(request, url, cookie, previous));
    },
  };
}

/**
 * Pages are made per request, so they are compressed here (asynchronously, off the event loop) in the coding the
 * browser prefers (`preferredCoding`: brotli or gzip by its `Accept-Encoding` weights), the same choice as kept answers.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', pageVary);
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (!coding) return reply.send(html);
  reply.header('content-encoding', coding);
  return reply.send(await compressPerRequest(html, coding));
}

/**
 * What a request not matched by a route asks for: a page (`'page'`), an address with a dot that a browser opened as a
 * page (`'file'`: no page has one), or anything else (null: a call, an asset, a form's POST). A page is a GET or HEAD
 * outside /api from a browser (text/html) or a crawler — Facebook's sends `Accept: *\/*`, Discord's no Accept at all;
 * only an explicit text/html makes an address with a dot a page's, since images and scripts are asked with `*\/*`.
 */
function askedFor(request: FastifyRequest): 'page' | 'file' | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pathname = request.url.split('?')[0] ?? '';
  if (isApiPath(pathname)) return null;
  const accept = request.headers.accept ?? '';
  if (/\.[a-z0-9]+\/?$/i.test(pathname)) return accept.includes('text/html') ? 'file' : null;
  return accept.trim() === '' || accept.includes('text/html') || accept.includes('*/*') ? 'page' : null;
}

function decodePath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
