import { QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { createQueryClient, dehydrateQueries, serializeHandover, type Handover } from './app/handover';
import { isRouteHandle, resolveHandle, type LayoutName, type RouteHandle } from './app/routes/route-handle';
import { routes } from './app/routes/routes';
import type { ScreenName } from './app/routes/route-table';
import { routeDefs } from './app/routes/route-table';
import type { PageInput, ServerRenderedPage, ServerRenderRequest } from '@papo/contract/server-render';
import { consentCookie } from './features/consent/hooks/use-cookie-consent';
import { setApiTransport } from './lib/api';
import { languageCookie, languages, negotiateLanguage, type Language } from './lib/i18n';
import { cookieFrom, renderedNotFound, setServerRequest } from './lib/request-context';
import en from './locales/bundles/en';
import es from './locales/bundles/es';
import fr from './locales/bundles/fr';
import pt from './locales/bundles/pt';

/*
 * The server's renderer of public pages (decision 019), built by Vite into dist/ssr/ and loaded by the
 * Fastify server (apps/server/src/ssr). It renders the same route tree as the browser, with the API
 * answered in-process, and says which screen chunks the browser needs to hydrate it.
 */

/**
 * Screens whose first view the server renders, with their source file (the build manifest's key, so the
 * page preloads the screen's chunks). Member pages and staff editors are rendered by the browser alone.
 */
export const serverRenderedScreens: Partial<Record<ScreenName, string>> = {
  home: 'src/features/home/components/home-screen.tsx',
  channel: 'src/features/chat/components/channel-route.tsx',
  channels: 'src/features/channels/components/channels-screen.tsx',
  irc: 'src/features/irc/components/irc-screen.tsx',
  blog: 'src/features/articles/components/blog-screen.tsx',
  article: 'src/features/articles/components/article-screen.tsx',
  lyrics: 'src/features/articles/components/lyrics-screen.tsx',
  lyric: 'src/features/articles/components/lyric-screen.tsx',
  shopList: 'src/features/stores/components/store-list-screen.tsx',
  courseList: 'src/features/stores/components/store-list-screen.tsx',
  store: 'src/features/stores/components/store-screen.tsx',
  videos: 'src/features/videos/components/videos-screen.tsx',
  videoView: 'src/features/videos/components/video-screen.tsx',
  extraIncome: 'src/features/videos/components/extra-income-screen.tsx',
  photos: 'src/features/photos/components/photos-screen.tsx',
  music: 'src/features/music/components/music-screen.tsx',
  cryptos: 'src/features/cryptos/components/cryptos-screen.tsx',
  bio: 'src/features/bio/components/bio-screen.tsx',
  person: 'src/features/bio/components/person-screen.tsx',
  mobileMenu: 'src/features/mobile-menu/components/mobile-menu-screen.tsx',
  terms: 'src/features/legal/components/terms-screen.tsx',
  privacy: 'src/features/legal/components/privacy-screen.tsx',
  about: 'src/features/legal/components/about-screen.tsx',
  contact: 'src/features/contact/components/contact-screen.tsx',
  login: 'src/features/auth/components/login-screen.tsx',
  register: 'src/features/auth/components/register-screen.tsx',
  forgotPassword: 'src/features/auth/components/forgot-password-screen.tsx',
  courseLanding: 'src/features/course-landing/components/course-landing-screen.tsx',
  notFound: '',
};

/** Layouts that load with their route (routes.tsx), by source file, so their chunk is preloaded too. */
const lazyLayouts: Partial<Record<LayoutName, string>> = {
  unlogged: 'src/app/layouts/unlogged-layout.tsx',
  empty: 'src/app/layouts/empty-layout.tsx',
};

const routeOfHandle = new Map(routeDefs.map((def) => [def.handle.name, def]));

let ready: Promise<unknown> | null = null;

// NOTE: the texts of all four languages are in this bundle, so rendering never waits for a download.
function initTexts() {
  ready ??= i18n.use(initReactI18next).init({
    resources: { pt: { translation: pt }, en: { translation: en }, fr: { translation: fr }, es: { translation: es } },
    lng: 'pt',
    fallbackLng: false,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
  });
  return ready;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One render at a time: the language (i18next's instance), the request's cookies and the API transport
 * are module-wide while a page renders. Rendering is CPU work on one thread, so little is lost.
 */
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

async function renderToText(element: React.ReactElement): Promise<string> {
  // NOTE: no chunk size limit, so React writes every boundary in place instead of moving it with an inline script.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? Boolean((enabled as (query: Query) => unknown)(query)) : enabled !== false;
}

/**
 * Queries the last render asked for and nobody fetched yet (the server runs no effects). A query marked
 * `meta: { serverRender: false }` depends on what only the browser's own call carries; it is left
 * pending, so both sides render its loading state and the browser asks.
 */
function waitingQueries(client: QueryClient): Query[] {
  return client.getQueryCache().findAll({
    predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query) && query.meta?.serverRender !== false,
  });
}

const maxPasses = 4;

/**
 * Renders until every query the page asks for has its answer: each pass fetches what the previous
 * one asked for (a screen may ask for more once the first answers arrive), then the last pass is the page.
 */
async function renderWithData(client: QueryClient, context: StaticHandlerContext, handler: ReturnType<typeof createStaticHandler>) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>
  );
  let html = await renderToText(page());
  for (let pass = 1; pass < maxPasses; pass += 1) {
    const waiting = waitingQueries(client);
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    html = await renderToText(page());
  }
  return html;
}

/** The deepest matched route's handle (its slug variant's, when the slug asks for it) and the screen it shows. */
function leafMatch(context: StaticHandlerContext): { handle: RouteHandle; screen: ScreenName | undefined } | null {
  for (let index = context.matches.length - 1; index >= 0; index -= 1) {
    const match = context.matches[index];
    const handle: unknown = match?.route.handle;
    if (!match || !isRouteHandle(handle)) continue;
    const resolved = resolveHandle(handle, match.params);
    const def = routeOfHandle.get(handle.name);
    return { handle: resolved, screen: resolved === handle ? def?.screen : def?.variantScreen };
  }
  return null;
}

/** The page at `request.url` rendered with its data, or null when the browser renders it alone. */
export function render(request: ServerRenderRequest): Promise<ServerRenderedPage | null> {
  return oneAtATime(async () => {
    await initTexts();
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(request.url, request.origin)));
    if (context instanceof Response) return null;
    const leaf = leafMatch(context);
    const handle = leaf?.handle;
    const screen = leaf?.screen;
    const screenModule = screen === undefined ? undefined : serverRenderedScreens[screen];
    if (!handle || screenModule === undefined || handle.requiresAuth) return null;

    setServerRequest({ cookie: request.cookie, origin: request.origin });
    setApiTransport(request.api);
    try {
      const language = pageLanguage(request.cookie);
      await i18n.changeLanguage(language);
      const client = createQueryClient();
      // NOTE: a failed answer is the page (the article's 404), not something to ask again on a mount that never comes.
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
      const html = await renderWithData(client, context, handler);
      const handover: Handover = {
        language,
        queries: dehydrateQueries(client),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      };
      return {
        status: screen === 'notFound' || renderedNotFound() ? 404 : context.statusCode,
        language,
        html,
        handover: serializeHandover(handover),
        modules: [screenModule, lazyLayouts[handle.layout]].filter((module): module is string => Boolean(module)),
      };
    } finally {
      setServerRequest(null);
    }
  });
}


/**
 * The language a page is shown in: the visitor's stored choice (the cookie the language switcher writes), else pt —
 * never Accept-Language, so one address shows one language to everyone who has not chosen (issue 33).
 */
export function pageLanguage(cookie: string): Language {
  return negotiateLanguage(cookieFrom(cookie, languageCookie));
}

/**
 * The routes that declare query parameters, matched alone (their paths are static or end their own segments, so no
 * other route outranks them), each path compiled once: `matchRoutes` over the whole table flattens and ranks it on
 * every call, which was a quarter of a kept page's CPU time (React Router's `matchPath` compiles its pattern on every
 * call too). A `:name` segment is any one segment, as React Router matches it.
 */
const routesWithQuery = routeDefs
  .filter((def) => def.query?.length)
  .map((def) => ({ pattern: new RegExp(`^${def.path.replace(/:\w+/g, '[^/]+')}/?$`, 'i'), query: def.query! }));

/** The cookies a page's render reads: the language choice and the cookie choice (the banner shows until it is made). */
const pageCookieNames = [languageCookie, consentCookie].sort();

/**
 * What of a request changes its page (issue 34): the address with only the query parameters its route declares
 * (`query` in app/routes/route-table.ts, in a fixed order, empty ones dropped), and the Cookie header reduced to the
 * cookies a render reads. Tracking parameters, random ones and other cookies change neither the page nor its key.
 */
export function pageInput(url: string, cookie: string): PageInput {
  const address = new URL(url, 'http://page.invalid');
  const declared = routesWithQuery.find((route) => route.pattern.test(address.pathname))?.query ?? [];
  const kept = new URLSearchParams();
  for (const name of [...declared].sort()) {
    const value = address.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  const cookies = pageCookieNames.flatMap((name) => {
    const value = cookieFrom(cookie, name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  return { url: `${address.pathname}${query ? `?${query}` : ''}`, cookie: cookies.join('; ') };
}
