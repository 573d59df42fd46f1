import {
  hasBodySchema,
  type AnswerInput,
  type ApiRouteDefinition,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
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
import { requireStaff, signedIn } from './guard.js';
import { parseBody, parseParams, parseParamsOr, parseQuery, parseRequestQuery } from './http-error.js';
import type { AccessClaims } from './tokens.js';

/** What a route's handler receives: its parts parsed by the route's schemas, and the request itself. */
interface RouteInput<R extends ApiRouteDefinition> {
  params: ParsedParams<R>;
  query: ParsedQuery<R>;
  body: ParsedBody<R>;
  /** The signed-in member of a `member` or `staff` route (see `optionalUser` for an `optional` one). */
  user: R['auth'] extends 'member' | 'staff' ? AccessClaims : undefined;
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

/** Route options a definition does not describe: the upload limiter, a rate limit, a larger body. */
interface ServeOptions {
  /** Runs after the guard (the upload limiter counts only callers the guard let through). */
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: RouteOptions['config'];
  bodyLimit?: number;
}

/**
 * Each guard runs at `onRequest`, so a caller it refuses is answered before the body is read; `optional` has none:
 * its handler calls `optionalUser` when the answer depends on the member.
 */
const guards: Record<RouteAuth, onRequestHookHandler | undefined> = {
  public: undefined,
  optional: undefined,
  member: signedIn,
  // NOTE: requireStaff takes (request, reply) and returns a promise, which Fastify awaits for an async hook.
  staff: requireStaff,
};

/**
 * Registers a route declared in the contract: the guard of its `auth`, then its params, query and body parsed with
 * the same answers as the `parse…` helpers (400 `validation_failed` with field keys; the route's `paramsError`; a
 * kept query for `keptQuery`), then the handler. Answers are not checked at run time: the types hold handlers to the
 * schema and the route tests hold the server to the spec. R is `const` so that a handler's literal (`message:
 * 'x_saved'`) is checked as one; an array literal it returns is then a readonly tuple, so return arrays from a
 * variable (`const none: Hit[] = []`).
 */
export function serve<const R extends ApiRouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void {
  const { params, query, body, paramsError, keptQuery, status, auth } = route;
  const bodySchema = hasBodySchema(body) ? body : undefined;
  const needsUser = auth === 'member' || auth === 'staff';
  app.route({
    method: route.method,
    url: route.path,
    onRequest: guards[auth],
    preHandler: options.preHandler,
    config: options.config,
    bodyLimit: options.bodyLimit,
    handler: (request, reply) => {
      // NOTE: casts the generic parts cannot spare: each value is the output of the schema its type names, or
      // undefined where the route declares none.
      const input = {
        params: params
          ? paramsError
            ? parseParamsOr(params, request.params, paramsError.status, paramsError.key)
            : parseParams(params, request.params)
          : undefined,
        query: query ? (keptQuery ? parseRequestQuery(query, request) : parseQuery(query, request.query)) : undefined,
        body: bodySchema ? parseBody(bodySchema, request.body) : undefined,
        user: needsUser ? request.user : undefined,
        request,
        reply,
      } as RouteInput<R>;
      if (status !== undefined) void reply.code(status);
      return handler(input);
    },
  });
}
