/*
 * The seam between the Fastify server and the web app's server renderer (apps/web/src/entry-server.tsx,
 * built into dist/ssr/entry-server.js; decision 019). Types, and the one name both sides write and read.
 */

/** The id of the page's `<script type="application/json">` that hands the server's answers to the browser. */
export const handoverElementId = 'papo-handover';

/** A call as the web app's API client makes it: method, headers and a JSON or form body. */
export interface ServerRenderCall {
  method?: string;
  headers?: Iterable<[string, string]>;
  body?: unknown;
}

/** An answer the API client can read (the fetch Response's shape it uses). */
export interface ServerRenderAnswer {
  status: number;
  ok: boolean;
  text(): Promise<string>;
}

/** Answers a `/api/…` call of the page being rendered, in-process. */
export type ServerRenderTransport = (path: string, init: ServerRenderCall) => Promise<ServerRenderAnswer>;

export interface ServerRenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The site's origin (PUBLIC_URL), for canonical links. */
  origin: string;
  /** The request's Cookie header ('' when none): the stored language and cookie choice. */
  cookie: string;
  api: ServerRenderTransport;
}

export interface ServerRenderedPage {
  /** 200, or 404 when the page is the not-found page. */
  status: number;
  /** The language the page was rendered in (pt, en, fr or es). */
  language: string;
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** JSON text of the handover (script `#papo-handover`): language, query answers and router data. */
  handover: string;
  /** Build-manifest keys of the modules the browser needs before it hydrates (the screen's). */
  modules: string[];
  /**
   * The page is islands (decision 042): it loads the public entry, which hydrates only its `[data-island]` parts,
   * not the app; of `modules`, only their stylesheets are linked.
   */
  islands?: true;
}

/** What of a request changes its page: the address and the Cookie header, reduced to what the render reads. */
export interface PageInput {
  url: string;
  cookie: string;
  /**
   * The name of the route the address is (app/routes/route-table.ts: `blogView`, `channel`, its slug variant's
   * `music`…), null for an address no route has: the server asks the features whether its slug exists before it
   * renders the page.
   */
  route: string | null;
}

/** What dist/ssr/entry-server.js exports. */
export interface ServerRenderer {
  /** The request reduced to what changes its page: render with it and key the kept page by it. */
  pageInput(url: string, cookie: string): PageInput;
  /** The page rendered with its data, or null when the browser renders that page alone. */
  render(request: ServerRenderRequest): Promise<ServerRenderedPage | null>;
  /** The language a page is shown in: the visitor's stored choice (cookie), else pt — never Accept-Language. */
  pageLanguage(cookie: string): string;
  /** Where the one 404 page of every address without a page is rendered and kept (only the catch-all route has it). */
  unknownPageUrl: string;
}

/** What dist/ssr/entry-routes.js exports. */
export interface PageRoutes {
  /** Every path of the web's route table but the catch-all, as React Router spells it (`/blog/:slug`). */
  pagePaths: readonly string[];
}
