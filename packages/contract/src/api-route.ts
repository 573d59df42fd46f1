import type { z } from 'zod';
import type { MessageKey } from './message-keys.js';

/**
 * One HTTP route of the API, declared once: the server registers it (`serve`, apps/server/src/lib/api-route.ts) and
 * the web calls it (`api`, apps/web/src/lib/api.ts), so a path, a schema or an answer's shape cannot drift apart.
 */

/**
 * Who may call a route, as the server's guards (lib/guard.ts) decide it:
 * - `public`: anyone; a token is not read.
 * - `optional`: anyone, but the answer may adapt to a member (news in their language, their own vote): the handler
 *   asks `optionalUser` only when its answer depends on it, so a read that does not skips the token check.
 * - `member`: a valid access token (`signedIn`), else 401.
 * - `staff`: ROLE_ADMIN or ROLE_MODERATOR (`requireStaff`): 401 without a valid token, 403 without the role.
 * - `admin`: ROLE_ADMIN only (`requireAdmin`): 401 without a valid token, 403 for moderators and members.
 */
export type RouteAuth = 'public' | 'optional' | 'member' | 'staff' | 'admin';

type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of a route that sends no JSON of a schema: a file, a stream, an HTML page, a 204, a redirect. */
export interface RawAnswer {
  readonly kind: 'rawAnswer';
}
export const rawAnswer: RawAnswer = Object.freeze({ kind: 'rawAnswer' });

/** The body of an upload: multipart form data, read in the handler by lib/multipart.ts. */
export interface MultipartBody {
  readonly kind: 'multipartBody';
}
export const multipartBody: MultipartBody = Object.freeze({ kind: 'multipartBody' });

/** The answer to a bad value of one path parameter. */
export interface ParamError {
  status: number;
  key: MessageKey;
}

export interface ApiRouteDefinition {
  method: RouteMethod;
  /** Fastify form: `/api/nicknames/:id`; a parameter may carry a constraint (`:id(\\d+)`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | MultipartBody;
  /** JSON body sent form-encoded (`application/x-www-form-urlencoded`) by the web, for routes whose spec says so. */
  formBody?: boolean;
  /** The success body's schema, or `rawAnswer`. */
  answer: z.ZodType | RawAnswer;
  /** The success status when it is not 200 (a creation's 201). */
  status?: number;
  auth: RouteAuth;
  /**
   * Per path parameter, the status and key a bad value of it is answered with, without per-field errors (a
   * `…_not_found` 404, the editor's 400 `invalid_id`); a parameter not named is 400 `validation_failed`. When several
   * are bad, the first in the path decides.
   */
  paramsError?: { readonly [param: string]: ParamError };
  /**
   * The query of a busy public read, parsed once per distinct query string and kept (see `parseRequestQuery`): its
   * parsed value is then frozen and shared between requests.
   */
  keptQuery?: boolean;
}

/**
 * Declares a route; the definition comes back as it was given, with its literal types (method, path, auth) kept for
 * the server's and the web's typing.
 */
export function apiRoute<const R extends ApiRouteDefinition>(route: R): R {
  return route;
}

/** `'/api/a/:id/b/:name(\\w+)'` → `'id' | 'name'`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;
type ParamName<S extends string> = S extends `${infer Name}(${string}` ? Name : S;

type SchemaOf<T> = T extends z.ZodType ? T : never;

/** What the server's handler receives for each part; `undefined` where the route declares none. */
export type ParsedParams<R extends ApiRouteDefinition> = R['params'] extends z.ZodType
  ? z.output<SchemaOf<R['params']>>
  : undefined;
export type ParsedQuery<R extends ApiRouteDefinition> = R['query'] extends z.ZodType
  ? R['keptQuery'] extends true
    ? Readonly<z.output<SchemaOf<R['query']>>>
    : z.output<SchemaOf<R['query']>>
  : undefined;
export type ParsedBody<R extends ApiRouteDefinition> = R['body'] extends z.ZodType
  ? z.output<SchemaOf<R['body']>>
  : undefined;

/**
 * What the server's handler returns: the answer schema's input (`unknown` for a raw answer, sent by the handler).
 * an indexed access rather than `z.input`'s conditional type: a handler's literal (`message: 'x_saved'`) is then
 * checked against the schema's literal instead of widened to `string` while the route's type is being inferred.
 */
export type AnswerInput<R extends ApiRouteDefinition> = (R['answer'] & z.ZodType)['_zod']['input'];
/** What the web reads: the answer schema's output (`unknown` for a raw answer). */
export type AnswerOutput<R extends ApiRouteDefinition> = R['answer'] extends z.ZodType
  ? z.output<SchemaOf<R['answer']>>
  : unknown;

/** Whether a definition's body is JSON of a schema (not an upload). */
export function hasBodySchema(body: z.ZodType | MultipartBody | undefined): body is z.ZodType {
  return body !== undefined && body !== multipartBody;
}

/** The path parameters a caller gives: one string or number per `:name` of the path. */
export type RequestParams<R extends ApiRouteDefinition> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string | number> };

/** A query's values as a caller may give them: a number where the schema reads decimal text (`?page=2`). */
type QueryValues<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };

/** The query a caller gives: the schema's input; optional when every key of it is. */
export type RequestQuery<R extends ApiRouteDefinition> = R['query'] extends z.ZodType
  ? object extends z.input<SchemaOf<R['query']>>
    ? { query?: QueryValues<z.input<SchemaOf<R['query']>>> }
    : { query: QueryValues<z.input<SchemaOf<R['query']>>> }
  : { query?: undefined };

/** The body a caller gives: the schema's input, or an upload's form data (`Upload`: the browser's `FormData`). */
export type RequestBody<R extends ApiRouteDefinition, Upload> = R['body'] extends MultipartBody
  ? { body: Upload }
  : R['body'] extends z.ZodType
    ? { body: z.input<SchemaOf<R['body']>> }
    : { body?: undefined };

/**
 * What the browser needs of a route to call it, without its schemas (`browser-routes/`, written from the table by
 * `npm run routes:browser`): a contract module builds its zod schemas when loaded, and zod in the first route of every
 * app page would cost ~27 KiB gzipped. The definition's type rides along for `api`'s typing and is never set.
 */
export interface BrowserRoute<R extends ApiRouteDefinition = ApiRouteDefinition> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly auth: RouteAuth;
  /** How the body is sent: JSON, form-encoded fields (`formBody`) or an upload's form data. */
  readonly body?: 'json' | 'form' | 'multipart';
  /** The query's keys in the schema's order, so the same values make the same query string. */
  readonly query?: readonly string[];
  /** The route's definition, as a type only. */
  readonly definition?: R;
}

/** The browser's form of a group of routes (`chatRoutes`, `profileRoutes`…), key for key. */
export type BrowserRoutes<G extends Record<string, ApiRouteDefinition>> = {
  readonly [K in keyof G]: BrowserRoute<G[K]>;
};

/** The definition a browser route stands for. */
export type DefinitionOf<B extends BrowserRoute> = NonNullable<B['definition']>;

/** A route's browser form, as `npm run routes:browser` writes it. */
export function browserRoute<const R extends ApiRouteDefinition>(route: R): BrowserRoute<R> {
  const body =
    route.body === undefined
      ? undefined
      : route.body === multipartBody
        ? 'multipart'
        : route.formBody
          ? 'form'
          : 'json';
  const query = route.query ? schemaKeys(route.query) : undefined;
  if (route.query && !query) throw new Error(`${route.method} ${route.path}: a query's schema must be an object's`);
  return {
    method: route.method,
    path: route.path,
    auth: route.auth,
    ...(body ? { body } : {}),
    ...(query ? { query } : {}),
  };
}

/** Whether a value is a route's definition (what the table's groups hold). */
export function isApiRouteDefinition(value: unknown): value is ApiRouteDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'auth' in value &&
    'answer' in value
  );
}

/**
 * The keys of an object schema in their declared order (a wrapped or refined one has none): a query built in this
 * order is the same string for the same values, which the server's kept queries are keyed by.
 */
export function schemaKeys(schema: z.ZodType): readonly string[] | undefined {
  // read by shape, not `instanceof z.ZodObject`: this module stays free of zod at run time, since the web's
  // shell imports it (public pages load no zod, decision 027).
  return 'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null
    ? Object.keys(schema.shape)
    : undefined;
}
