import {
  hasBodySchema,
  type AnswerInput,
  type ApiRouteDefinition,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type ParamError,
  type RouteAuth,
} from '@papo/contract/api-route';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { requireAdmin, requireStaff, signedIn } from './guard.js';
import { httpError, parseBody, parseParams, parseQuery, parseRequestQuery } from './http-error.js';
import { readMultipart, receiveOneFile } from './multipart.js';
import type { AccessClaims } from './tokens.js';

/** What a route's handler receives: its parts parsed by the route's schemas, and the request itself. */
interface RouteInput<R extends ApiRouteDefinition> {
  params: ParsedParams<R>;
  query: ParsedQuery<R>;
  body: ParsedBody<R>;
  /** The signed-in member of a `member`, `staff` or `admin` route (see `optionalUser` for an `optional` one). */
  user: R['auth'] extends 'member' | 'staff' | 'admin' ? AccessClaims : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The answer, checked against the route's schema at compile time; or the reply, for a handler that sent its answer
 * itself (kept bytes with an ETag, a 304, a file).
 */
type RouteHandler<R extends ApiRouteDefinition> = (
  input: RouteInput<R>,
) => Promise<AnswerInput<R> | FastifyReply> | AnswerInput<R> | FastifyReply;

/** Route options a definition does not describe: the upload limiter, a rate limit, a larger body, a form's reading. */
interface ServeOptions<R extends ApiRouteDefinition> {
  /** Runs after the guard (the upload limiter counts only callers the guard let through). */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: RouteOptions['config'];
  bodyLimit?: number;
  /**
   * Reads the body the route's schema parses, for a form a browser may post as multipart data (its `FormData`), which
   * Fastify leaves unread; without it the body is Fastify's (JSON, url-encoded).
   */
  readBody?: (request: FastifyRequest) => Promise<unknown>;
  /**
   * Sees the body before it is parsed; an answer it gives is the route's, whatever else the body holds (a filled
   * honeypot gets the success answer, so a bot learns nothing from the form's validation).
   */
  answerUnparsed?: (body: unknown, request: FastifyRequest) => AnswerInput<R> | undefined;
}

/**
 * Each guard runs at `onRequest`, so a caller it refuses is answered before the body is read; `optional` has none:
 * its handler calls `optionalUser` when the answer depends on the member.
 */
const guards: Record<RouteAuth, onRequestHookHandler | undefined> = {
  public: undefined,
  optional: undefined,
  member: signedIn,
  // requireStaff and requireAdmin take (request, reply) and return a promise, which Fastify awaits for an async hook.
  staff: requireStaff,
  admin: requireAdmin,
};

/**
 * A route's path parameters parsed by its schema; a bad one named in `errors` is answered with its status and key (the
 * first bad one in the path's order decides), any other with `parseParams`'s 400 `validation_failed`.
 */
function pathParamsParser(
  path: string,
  schema: z.ZodType,
  errors: { readonly [param: string]: ParamError } | undefined,
): (value: unknown) => unknown {
  if (!errors) return (value) => parseParams(schema, value);
  const order = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  const unknown = Object.keys(errors).filter((name) => !order.includes(name));
  if (unknown.length > 0)
    throw new Error(`${path}: paramsError names no parameter of the path (${unknown.join(', ')})`);
  return (value) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    const first = order.find((name) => bad.has(name));
    const error = first === undefined ? undefined : errors[first];
    if (error) throw httpError(error.status, error.key);
    return parseParams(schema, value);
  };
}

/**
 * Registers a route declared in the contract: the guard of its `auth`, then its params, query and body parsed with
 * the same answers as the `parse…` helpers (400 `validation_failed` with field keys; the route's `paramsError` per
 * parameter; a kept query for `keptQuery`), then the handler. Answers are not checked at run time: the types hold handlers to the
 * schema and the route tests hold the server to the spec. R is `const` so that a handler's literal (`message:
 * 'x_saved'`) is checked as one; an array literal it returns is then a readonly tuple, so return arrays from a
 * variable (`const none: Hit[] = []`).
 */
export function serve<const R extends ApiRouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: ServeOptions<R> = {},
): void {
  const { params, query, body, paramsError, keptQuery, status, auth } = route;
  const bodySchema = hasBodySchema(body) ? body : undefined;
  const parsePathParams = params ? pathParamsParser(route.path, params, paramsError) : undefined;
  const needsUser = auth === 'member' || auth === 'staff' || auth === 'admin';
  const { readBody, answerUnparsed } = options;
  const inputOf = (request: FastifyRequest, reply: FastifyReply, rawBody: unknown): RouteInput<R> =>
    // casts the generic parts cannot spare: each value is the output of the schema its type names, or
    // undefined where the route declares none.
    ({
      params: parsePathParams?.(request.params),
      query: query ? (keptQuery ? parseRequestQuery(query, request) : parseQuery(query, request.query)) : undefined,
      body: bodySchema ? parseBody(bodySchema, rawBody) : undefined,
      user: needsUser ? request.user : undefined,
      request,
      reply,
    }) as RouteInput<R>;
  app.route({
    method: route.method,
    url: route.path,
    onRequest: guards[auth],
    preHandler: options.preHandler,
    config: options.config,
    bodyLimit: options.bodyLimit,
    handler: (request, reply) => {
      if (status !== undefined) void reply.code(status);
      if (!readBody && !answerUnparsed) return handler(inputOf(request, reply, request.body));
      return (async () => {
        const rawBody = readBody ? await readBody(request) : request.body;
        const early = answerUnparsed?.(rawBody, request);
        return early === undefined ? handler(inputOf(request, reply, rawBody)) : early;
      })();
    },
  });
}

/**
 * The fields of a form a route takes as multipart data (`multipartBody`), parsed by the contract's schema of them
 * with `serve`'s 400s, and the bytes of its one file when `file` names it (`receiveOneFile`: nothing is stored yet).
 * A form without a file may also come as JSON or url-encoded fields.
 */
export async function receiveForm<S extends z.ZodType>(
  request: FastifyRequest,
  fields: S,
  file?: { field: string; maxBytes: number },
): Promise<{ fields: z.output<S>; bytes?: Buffer }> {
  if (file) {
    const received = await receiveOneFile(request, file);
    return { fields: parseBody(fields, received.fields), bytes: received.bytes };
  }
  const raw = request.isMultipart()
    ? await readMultipart(request, { fileField: '', maxBytes: 1, maxFiles: 0, onFile: async () => undefined })
    : request.body;
  return { fields: parseBody(fields, raw) };
}
