import { AsyncLocalStorage } from 'node:async_hooks';
import { text } from 'node:stream/consumers';
import {
  QueryClient,
  QueryClientProvider,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type Query,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { createQueryClient, dehydrateQueries, serializeHandover, type Handover } from './app/handover';
import { isRouteHandle, resolveHandle, type LayoutName, type RouteHandle } from './app/routes/route-handle';
import { routes } from './app/routes/routes';
import { catchAllHandle } from './app/routes/shared-not-found';
import { routeDefs, type RouteDef, type ScreenName } from './app/routes/route-table';
import type {
  PageInput,
  ServerRenderedPage,
  ServerRenderRequest,
  ServerRenderTransport,
} from '@papo/contract/server-render';
import { consentCookie } from './features/consent/hooks/use-cookie-consent';
import { IslandTexts } from './islands/island';
import { islands, type IslandName } from './islands/registry';
import { setApiTransport } from './lib/api';
import { languageCookie, languages, negotiateLanguage, type Language } from './lib/i18n';
import { cookieFrom, setServerRequestSource, type ServerRequest } from './lib/request-context';
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
  author: 'src/features/articles/components/author-screen.tsx',
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

/**
 * Screens whose page is islands (decision 042): every part of them that responds to the reader is an `Island`, so the
 * browser loads the public entry, not the app. The others (forms, the chat, the members' area) hydrate the whole app.
 */
const islandScreens: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'home',
  'article',
  'blog',
  'lyrics',
  'lyric',
  'shopList',
  'courseList',
  'store',
  'videos',
  'photos',
  'music',
  'cryptos',
  'bio',
  'person',
  'channels',
  'terms',
  'privacy',
  'about',
  'author',
  'videoView',
  'extraIncome',
  // for a member, the app takes the 404 page over (islands/navigation.ts): the address may be a channel to found.
  'notFound',
]);

/** Layouts that load with their route (routes.tsx), by source file, so their chunk is preloaded too. */
const lazyLayouts: Partial<Record<LayoutName, string>> = {
  empty: 'src/app/layouts/empty-layout.tsx',
  default: 'src/app/layouts/default-layout.tsx',
};

const routeOfHandle = new Map(routeDefs.map((def) => [def.handle.name, def]));

/** The route tree's handler, made once: it flattens and ranks the whole table, a twentieth of a render when made per page. */
const handler = createStaticHandler(routes);

/**
 * What a render in progress reads that belongs to its request: the cookies, origin and 404 mark (lib/request-context)
 * and the API transport. Kept in the render's async context, not in module variables, so renders overlap: one
 * renders while another waits for its data.
 */
interface RenderScope {
  request: ServerRequest;
  api: ServerRenderTransport;
}

const scope = new AsyncLocalStorage<RenderScope>();
setServerRequestSource(() => scope.getStore()?.request ?? null);
// a call made outside a render goes the browser's way (`fetch`): nothing on the server calls the API then, and
// the web's test files, which load this module beside the others in one worker (decision 034), keep their fetch.
setApiTransport((path, init) => {
  const current = scope.getStore();
  return current ? current.api(path, init) : fetch(path, init);
});

const texts = { pt, en, fr, es } satisfies Record<Language, unknown>;
let instances: Promise<Record<Language, I18n>> | null = null;

/**
 * i18next's `getFixedT` for a server render: each `t` it hands out (one per useTranslation call) is made once per
 * language, namespace and prefix, and keeps the text of each key asked without options. A page asks for a hundred
 * texts, most of them the same on every page (the header, the menu, the footer); i18next looks each one up, through
 * a copy of its options, every time (a tenth of a render).
 */
function rememberingFixedT(view: I18n, getFixedT: I18n['getFixedT']) {
  const made = new Map<string, (...args: unknown[]) => unknown>();
  return (lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
    const name =
      typeof ns === 'string' && typeof keyPrefix !== 'function' ? `${String(lng)}\n${ns}\n${String(keyPrefix)}` : null;
    const kept = name === null ? undefined : made.get(name);
    if (kept) return kept;
    const fixed: unknown = Reflect.apply(getFixedT, view, [lng, ns, keyPrefix, fixedOpts]);
    if (name === null || typeof fixed !== 'function') return fixed;
    const texts = new Map<string, string>();
    const remembering = (...args: unknown[]) => {
      const [key] = args;
      const known = args.length === 1 && typeof key === 'string' ? texts.get(key) : undefined;
      if (known !== undefined) return known;
      const value: unknown = Reflect.apply(fixed, undefined, args);
      if (args.length === 1 && typeof key === 'string' && typeof value === 'string') texts.set(key, value);
      return value;
    };
    // the language, namespace and prefix i18next writes on its `t`, which react-i18next's Trans reads.
    Object.assign(remembering, fixed);
    made.set(name, remembering);
    return remembering;
  };
}

/**
 * One i18next instance per language, made once and given to each render by I18nextProvider: a render never changes
 * a language another render is using. The texts of all four languages are in this bundle, so nothing is downloaded.
 */
function languageInstances(): Promise<Record<Language, I18n>> {
  const resources = Object.fromEntries(languages.map((name) => [name, { translation: texts[name] }]));
  const make = async (language: Language): Promise<I18n> => {
    const instance = createInstance();
    await instance.init({
      resources,
      lng: language,
      fallbackLng: false,
      supportedLngs: [...languages],
      interpolation: { escapeValue: false },
    });
    // what the provider hands out is an object inheriting the instance, with one property of its own:
    // react-i18next copies the own properties of the instance it gets on every useTranslation call (its wrapper
    // for language changes), a tenth of a render with the instance itself.
    const view: I18n = Object.create(instance);
    Object.defineProperty(view, 'getFixedT', { value: rememberingFixedT(view, instance.getFixedT) });
    return view;
  };
  instances ??= Promise.all([make('pt'), make('en'), make('fr'), make('es')]).then(([pt, en, fr, es]) => ({
    pt,
    en,
    fr,
    es,
  }));
  return instances;
}

async function renderToText(element: React.ReactElement): Promise<string> {
  // no chunk size limit, so React writes every boundary in place instead of moving it with an inline script.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return text(prelude);
}

/**
 * Whether the server fetches a query for the page: it is enabled, and not marked `meta: { serverRender: false }`
 * (it depends on what only the browser's own call carries; it is left pending, so both sides render its loading
 * state and the browser asks).
 */
function fetchedHere(options: { enabled?: unknown; meta?: Query['meta'] }, query: object): boolean {
  const on =
    typeof options.enabled === 'function'
      ? Boolean(Reflect.apply(options.enabled, undefined, [query]))
      : options.enabled !== false;
  return on && options.meta?.serverRender !== false;
}

/**
 * The render's query client: a query the page asks for and the server fetches suspends the component asking until
 * its answer is in (React then renders that component again, not the page), so a page is rendered once with its
 * data instead of once to find the queries and again with their answers. A query that failed does not
 * suspend again: the component shows its failure (the article's 404), as in the browser.
 */
class ServerQueryClient extends QueryClient {
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (options._defaulted) return defaulted;
    const query = this.getQueryCache().build(this, defaulted);
    defaulted.suspense = query.state.status === 'pending' && fetchedHere(defaulted, query);
    return defaulted;
  }
}

function createServerQueryClient(): QueryClient {
  const client = new ServerQueryClient({ defaultOptions: createQueryClient().getDefaultOptions() });
  // a failed answer is the page (the article's 404), not something to ask again on a mount that never comes.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  return client;
}

/** Queries the last render asked for and nobody fetched (one enabled only by an answer that came in after it rendered). */
function waitingQueries(client: QueryClient): Query[] {
  return client.getQueryCache().findAll({
    predicate: (query) =>
      query.state.status === 'pending' && query.state.fetchStatus === 'idle' && fetchedHere(query.options, query),
  });
}

const islandTexts = (name: IslandName) => islands[name].texts;

const maxPasses = 4;

/**
 * Renders the page once, its queries answered as its components ask (ServerQueryClient); in the rare case a query
 * was enabled only after its component had rendered, it is fetched and the page rendered again (up to 4 passes).
 */
async function renderWithData(client: QueryClient, context: StaticHandlerContext, texts: I18n) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <StrictMode>
      <I18nextProvider i18n={texts}>
        <QueryClientProvider client={client}>
          <IslandTexts value={islandTexts}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </IslandTexts>
        </QueryClientProvider>
      </I18nextProvider>
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
  const current: RenderScope = { request: { cookie: request.cookie, origin: request.origin }, api: request.api };
  return scope.run(current, async () => {
    const address = new URL(request.url, request.origin);
    const [context, instances] = await Promise.all([handler.query(new Request(address)), languageInstances()]);
    if (context instanceof Response) return null;
    const leaf = leafMatch(context);
    const handle = leaf?.handle;
    const screen = leaf?.screen;
    const screenModule = screen === undefined ? undefined : serverRenderedScreens[screen];
    if (!handle || screenModule === undefined || handle.requiresAuth) return null;
    const language = pageLanguage(request.cookie);
    const client = createServerQueryClient();
    const html = await renderWithData(client, context, instances[language]);
    const handover: Handover = {
      language,
      queries: dehydrateQueries(client),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      // the catch-all's page is the one 404 the server answers for every unknown address.
      ...(handle === catchAllHandle ? { sharedNotFound: true } : {}),
    };
    return {
      status: screen === 'notFound' || current.request.notFound ? 404 : context.statusCode,
      language,
      html,
      handover: serializeHandover(handover),
      modules: [screenModule, lazyLayouts[handle.layout]].filter((module): module is string => Boolean(module)),
      ...(screen !== undefined && islandScreens.has(screen) ? { islands: true as const } : {}),
    };
  });
}

/**
 * The language a page is shown in: the visitor's stored choice (the cookie the language switcher writes), else pt —
 * never Accept-Language, so one address shows one language to everyone who has not chosen.
 */
export function pageLanguage(cookie: string): Language {
  return negotiateLanguage(cookieFrom(cookie, languageCookie));
}

/** A route path's pattern as React Router matches it: a `:name` segment is any one segment, letter case aside. */
const pathPattern = (path: string) => path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)');

/**
 * The route table's paths, each compiled once: the static ones by their spelling in lower case, the others (with a
 * `:name` segment) as patterns. React Router ranks a static path first, as `routeAt` does; `matchRoutes` over the
 * whole table flattens and ranks it on every call, which was a quarter of a kept page's CPU time.
 */
const staticRoutes = new Map(
  routeDefs.flatMap((def) =>
    def.path === '*' || def.path.includes(':') ? [] : [[def.path.toLowerCase(), def] as const],
  ),
);
const paramRoutes = routeDefs.flatMap((def) =>
  def.path.includes(':')
    ? [
        {
          def,
          pattern: new RegExp(`^${pathPattern(def.path)}$`, 'i'),
          names: [...def.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
        },
      ]
    : [],
);

/** The route at `pathname` (a trailing slash aside) and its handle (its slug variant's, when the slug asks for it), or null for the catch-all. */
function routeAt(pathname: string): { def: RouteDef; handle: RouteHandle } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const fixed = staticRoutes.get(path.toLowerCase());
  if (fixed) return { def: fixed, handle: fixed.handle };
  for (const { def, pattern, names } of paramRoutes) {
    const match = pattern.exec(path);
    if (match)
      return {
        def,
        handle: resolveHandle(def.handle, Object.fromEntries(names.map((name, index) => [name, match[index + 1]]))),
      };
  }
  return null;
}

/**
 * Where the 404 page of every unknown address is rendered and kept (a path only the catch-all route matches): it
 * names no address of its own (components/page-meta.tsx), so the browser, which shows its own catch-all route at the
 * address visited, hydrates the same markup. A miss for an unknown address costs no render of its own.
 */
export const unknownPageUrl = '/_/404';

/** The cookies a page's render reads: the language choice and the cookie choice (the banner shows until it is made). */
const pageCookieNames = [languageCookie, consentCookie].sort();

/**
 * What of a request changes its page: the address with only the query parameters its route declares
 * (`query` in app/routes/route-table.ts, in a fixed order, empty ones dropped), and the Cookie header reduced to the
 * cookies a render reads. Tracking parameters, random ones and other cookies change neither the page nor its key;
 * every unknown address is `unknownPageUrl`. With them, the name of the address's route, so the server asks whether
 * its slug exists before it renders anything.
 */
export function pageInput(url: string, cookie: string): PageInput {
  const address = new URL(url, 'http://page.invalid');
  const cookies = pageCookieNames.flatMap((name) => {
    const value = cookieFrom(cookie, name);
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  const route = routeAt(address.pathname);
  if (!route) return { url: unknownPageUrl, cookie: cookies.join('; '), route: null };
  const kept = new URLSearchParams();
  for (const name of [...(route.def.query ?? [])].sort()) {
    const value = address.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return {
    url: `${address.pathname}${query ? `?${query}` : ''}`,
    cookie: cookies.join('; '),
    route: route.handle.name,
  };
}
