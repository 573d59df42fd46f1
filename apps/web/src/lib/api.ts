import type { TFunction } from 'i18next';
import { clearSession, readSession, storeRefreshedTokens } from './session';
import { isRecord } from '@papo/contract/records';
import type {
  AnswerOutput,
  BrowserRoute,
  DefinitionOf,
  RequestBody,
  RequestParams,
  RequestQuery,
} from '@papo/contract/api-route';

/** A failed call: the HTTP status (0 when the server was unreachable), the server's message key and field keys. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/** At most one body: JSON, form-encoded fields or multipart form data. */
type Payload =
  | { json: unknown; form?: never; multipart?: never }
  | { form: Record<string, string>; json?: never; multipart?: never }
  | { multipart: FormData; json?: never; form?: never }
  | { json?: never; form?: never; multipart?: never };

type ApiRequest = Payload & {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Send the bearer token of the session (default true). */
  auth?: boolean;
  /** `If-Match`: the version the caller last read (a stale one is refused with 412). */
  ifMatch?: string;
  /** This bearer token rather than the session's (a call sent as the session ends, at logout). */
  token?: string;
  signal?: AbortSignal;
};

function buildBody(request: ApiRequest, headers: Headers): BodyInit | undefined {
  if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(request.json);
  }
  if (request.form) return new URLSearchParams(request.form);
  return request.multipart;
}

function buildPath(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function fieldErrors(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(value)) {
    if (Array.isArray(keys)) out[field] = keys.filter((key): key is string => typeof key === 'string');
  }
  return out;
}

async function readJson(response: Answer): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the client reads of an answer. */
/** The `If-Match` naming the revision an editor read: an article's, a store's or a bio entry's (decisions 024, 028). */
export function revisionTag(revision: number): string {
  return `"r${revision}"`;
}

type Answer = Pick<Response, 'ok' | 'status' | 'text'>;

/** How a call reaches the server: the browser's fetch, or the server's own router while it renders a page. */
export type ApiTransport = (path: string, init: RequestInit & { headers: Headers }) => Promise<Answer>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** Replaces the transport; the server renderer (entry-server.tsx) answers calls without a network hop. */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

async function send(path: string, request: ApiRequest, token: string | null): Promise<Answer> {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (request.ifMatch) headers.set('If-Match', request.ifMatch);
  const body = buildBody(request, headers);
  try {
    return await transport(buildPath(path, request.query), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error');
  }
}

async function toError(response: Answer): Promise<ApiError> {
  const data = await readJson(response);
  const record = isRecord(data) ? data : {};
  const message = typeof record.message === 'string' && record.message ? record.message : 'request_failed';
  return new ApiError(response.status, message, fieldErrors(record.errors));
}

/** Exchanges the refresh token (or the httpOnly cookie of a Google sign-in) for a new pair and stores it. */
async function exchangeRefreshToken(): Promise<string> {
  const form: Record<string, string> = { grant_type: 'refresh_token' };
  const refreshToken = readSession()?.refreshToken;
  if (refreshToken) form.refresh_token = refreshToken;
  const response = await send('/api/auth/refresh', { form }, null);
  if (!response.ok) throw await toError(response);
  const answer = await readJson(response);
  if (!isRecord(answer) || typeof answer.token !== 'string')
    throw new ApiError(response.status, 'invalid_refresh_answer');
  storeRefreshedTokens({ ...answer, token: answer.token });
  return answer.token;
}

/**
 * Serialises refreshes across tabs with the Web Locks API where there is one: refresh tokens rotate,
 * so two tabs presenting the same one would look like a replay and lose the whole session.
 */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('papo-token-refresh', run) : run();
}

/** Answers of the refresh call that mean the refresh token is no good (unknown, expired, reused). */
const sessionEndingStatuses = new Set([400, 401, 403]);

let refreshing: Promise<string | null> | null = null;

/**
 * A fresh access token after `staleToken` was refused, or null when the session is over. Concurrent
 * callers share one exchange; a token another call or tab already renewed is used as it is.
 */
function renewToken(staleToken: string): Promise<string | null> {
  refreshing ??= withRefreshLock(async () => {
    const current = readSession()?.token ?? null;
    if (current !== staleToken) return current;
    try {
      return await exchangeRefreshToken();
    } catch (error) {
      // only a refusal ends the session; an unreachable or overloaded server must not log anyone out.
      if (error instanceof ApiError && sessionEndingStatuses.has(error.status)) clearSession();
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the Papo API on this host and returns the parsed JSON answer; throws `ApiError` on any failure.
 * A 401 on a call made with the session's token triggers one token refresh and one retry (members-area §4, §8);
 * when the refresh is refused the session is cleared, and either way the 401 is passed on.
 */
async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = request.auth === false ? null : (request.token ?? readSession()?.token ?? null);
  let response = await send(path, request, token);
  if (response.status === 401 && token) {
    const renewed = await renewToken(token);
    if (renewed) response = await send(path, request, renewed);
  }
  if (!response.ok) throw await toError(response);
  // the one cast of an answer: `api` names it from the route's answer schema, which the server's handler is
  // held to at compile time and its route tests at run time.
  return (await readJson(response)) as T;
}

/** What `api` is given besides the route: its parts, and the options of `apiFetch` (auth, If-Match, signal…). */
type ApiInput<B extends BrowserRoute> = RequestParams<DefinitionOf<B>> &
  RequestQuery<DefinitionOf<B>> &
  RequestBody<DefinitionOf<B>, FormData> &
  Omit<ApiRequest, 'json' | 'form' | 'multipart' | 'method' | 'query'>;

/** The path of a route with its parameters: each encoded, a constraint (`:id(\\d+)`) dropped. */
export function routePath(path: string, params: Partial<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routePath: no value for :${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query's text values in the schema's key order (the same values make the same string); undefined skipped. */
function queryValues(keys: readonly string[] | undefined, query: unknown): Record<string, string> | undefined {
  if (!keys || !isRecord(query)) return undefined;
  const out: Record<string, string> = {};
  for (const name of keys) {
    const value = query[name];
    if (value !== undefined && value !== null) out[name] = String(value);
  }
  return out;
}

/** A body's parts form-encoded, for a route declared with `formBody`. */
function formValues(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(body))
    for (const [name, value] of Object.entries(body)) if (value !== undefined) out[name] = String(value);
  return out;
}

/** The payload of a route's body: JSON of its schema, form fields, or an upload's form data. */
function payloadOf(route: BrowserRoute, body: unknown): Payload {
  if (route.body === undefined || body === undefined) return {};
  if (route.body === 'multipart') return body instanceof FormData ? { multipart: body } : {};
  return route.body === 'form' ? { form: formValues(body) } : { json: body };
}

/**
 * Calls a route of the route table in its browser form (`@papo/contract/browser-routes/…`): builds its URL from the
 * path and query, sends its body, and answers its answer schema's output; errors, token refresh and transport as
 * `apiFetch`.
 */
export function api<const B extends BrowserRoute>(
  route: B,
  ...[input]: object extends ApiInput<B> ? [input?: ApiInput<B>] : [input: ApiInput<B>]
): Promise<AnswerOutput<DefinitionOf<B>>> {
  const { params, query, body, ...options } = input ?? {};
  return apiFetch<AnswerOutput<DefinitionOf<B>>>(routePath(route.path, params), {
    // a public route reads no token, so none is sent (nor refreshed on a 401 it cannot cause).
    auth: route.auth !== 'public',
    ...options,
    ...payloadOf(route, body),
    method: route.method,
    query: queryValues(route.query, query),
  });
}

/**
 * The text of a server message key: the feature's own wording (`<section>.<key>`) when it has one, else the
 * shared `errors.<key>` (every key of the contract's `messageKeys` has one), else the generic sentence —
 * never the raw key.
 */
export function messageText(t: TFunction, key: string, section?: string, values: Record<string, unknown> = {}): string {
  const candidates = section ? [`${section}.${key}`, `errors.${key}`] : [`errors.${key}`];
  return t(candidates, { ...values, defaultValue: t('errors.generic') });
}

/** The HTTP status of a failed call (an `ApiError`), or undefined for anything else (a network failure, a bug). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The translated text for a failed call (see `messageText`); anything but an `ApiError` is the generic sentence. */
export function errorText(t: TFunction, error: unknown, section?: string): string {
  return error instanceof ApiError ? messageText(t, error.message, section) : t('errors.generic');
}
