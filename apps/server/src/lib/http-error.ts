import { fieldErrors, type ErrorBody } from '@papo/contract/errors';
import type { MessageKey } from '@papo/contract/message-keys';
import { isRecord } from '@papo/contract/records';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable, isUnstorableText, unavailableRetrySeconds } from '../db/unavailable.js';
import { LRUCache } from 'lru-cache';
import { errorCode } from '../db/error-code.js';

/** An error meant for the client: its status and message key are sent as they are. */
export class HttpError extends Error {
  /** Seconds until trying again makes sense; sent as `Retry-After` (every 429, the 423 lockout, 503). */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly errors?: Record<string, string[]>,
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

/** `throw retryAfter(httpError(429, 'flood_limit'), 2)`: the answer carries `Retry-After: 2`. */
export function retryAfter(error: HttpError, seconds: number): HttpError {
  error.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return error;
}

/** `throw httpError(403, 'not_channel_operator')` from services; the key must be in the contract's `messageKeys`. */
export function httpError(statusCode: number, key: MessageKey, errors?: Record<string, string[]>): HttpError {
  return new HttpError(statusCode, key, errors);
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw httpError(400, 'validation_failed', fieldErrors(parsed.error));
  return parsed.data;
}

/** Validates a request body with its contract schema; 400 `validation_failed` with per-field keys otherwise. */
export const parseBody: <S extends z.ZodType>(schema: S, value: unknown) => z.output<S> = parseWith;
export const parseQuery: <S extends z.ZodType>(schema: S, value: unknown) => z.output<S> = parseWith;
export const parseParams: <S extends z.ZodType>(schema: S, value: unknown) => z.output<S> = parseWith;

/**
 * `parseParams` for a path whose bad value answers one message key without per-field errors (the editor's
 * `invalid_id`, a `…_not_found`).
 */
export function parseParamsOr<S extends z.ZodType>(
  schema: S,
  value: unknown,
  status: number,
  key: MessageKey,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw httpError(status, key);
  return parsed.data;
}

/** Query strings a schema's answers are kept for (see `parseRequestQuery`), the least recently used forgotten first. */
const rememberedQueries = 256;
const parsedQueries = new WeakMap<z.ZodType, LRUCache<string, { parsed: unknown }>>();

/**
 * `parseQuery` for the busiest public reads (list pages, search): their query strings are few and repeated (a
 * list's page links, a common search), so the valid answer for each raw query string is kept per schema and
 * frozen; an invalid one is checked again each time, and answered 400 as by `parseQuery`.
 */
export function parseRequestQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): Readonly<z.output<S>> {
  const at = request.url.indexOf('?');
  const raw = at < 0 ? '' : request.url.slice(at + 1);
  let known = parsedQueries.get(schema);
  if (!known) {
    known = new LRUCache({ max: rememberedQueries });
    parsedQueries.set(schema, known);
  }
  const kept = known.get(raw);
  // a cast the map's type cannot spare: each schema's map holds only what that schema parsed.
  if (kept !== undefined) return kept.parsed as z.output<S>;
  const parsed = Object.freeze(parseWith(schema, request.query));
  known.set(raw, { parsed });
  return parsed;
}

const keysByCode: Partial<Record<string, MessageKey>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
};

const keysByStatus: Partial<Record<number, MessageKey>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/**
 * Maps any thrown error to a status and the body the client sees; 5xx details never leave the server. A database
 * that cannot be reached is a 503 `service_unavailable` (the client retries), not a 500.
 */
export function toErrorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: error.errors ? { message: error.key, errors: error.errors } : { message: error.key },
    };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: 'service_unavailable' } };
  // the contract refuses control characters first; this keeps any field it missed a 400 on PostgreSQL too.
  if (isUnstorableText(error)) return { status: 400, body: { message: 'invalid_characters' } };
  const statusCode = isRecord(error) ? error.statusCode : undefined;
  const code = errorCode(error);
  const status = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
  if (status >= 500) return { status: 500, body: { message: 'internal_error' } };
  return {
    status,
    body: { message: (typeof code === 'string' && keysByCode[code]) || keysByStatus[status] || 'bad_request' },
  };
}

interface ErrorHandlerOptions {
  /** False keeps the error itself out of client-error log lines (chat: a message's text), logging the key alone. */
  logBodies?: boolean;
  /** The body's shape for a scope whose clients read another (the chat's `{status: 'error', …}`). */
  shape?: (body: ErrorBody) => unknown;
}

/** The `Retry-After` of a refusal the client should retry: the error's own, else a default for every 503. */
function setRetryAfter(reply: FastifyReply, error: unknown, status: number): void {
  if (error instanceof HttpError && error.retryAfterSeconds)
    void reply.header('retry-after', String(error.retryAfterSeconds));
  else if (status === 503) void reply.header('retry-after', String(unavailableRetrySeconds));
}

/**
 * The one error handler: installed on the root instance, and by a scope that answers in its own shape (the
 * chat) through the same function, so every answer keeps the same status, key and headers: every 429, the 423
 * lockout and every 503 carry `Retry-After`. Client errors are logged at debug level by key, without a stack;
 * server errors with their cause at error level.
 */
export function installErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  const { logBodies = true, shape } = options;
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorReply(error);
    setRetryAfter(reply, error, status);
    if (status === 503) request.log.warn({ err: error }, 'request refused: service unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    // a client's mistake is the client's: at debug, by key, without a stack (a storm of 4xx writes nothing at info).
    else
      request.log.debug(
        {
          status,
          key: body.message,
          reason: logBodies && error instanceof Error && error.message !== body.message ? error.message : undefined,
        },
        'request rejected',
      );
    // a 429 without a reason of its own (a plugin's) still says when to come back.
    if (status === 429 && !reply.hasHeader('retry-after')) void reply.header('retry-after', '1');
    return reply.status(status).send(shape ? shape(body) : body);
  });
}
