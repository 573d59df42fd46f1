import type { TFunction } from 'i18next';
import { readSession } from './session';

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

export type ApiRequest = Payload & {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Send the bearer token of the session (default true). */
  auth?: boolean;
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the Papo API on this host and returns the parsed JSON answer; throws `ApiError` on any failure. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = request.auth === false ? null : readSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = buildBody(request, headers);

  let response: Response;
  try {
    response = await fetch(buildPath(path, request.query), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' && record.message ? record.message : 'request_failed';
    throw new ApiError(response.status, message, fieldErrors(record.errors));
  }
  return data as T;
}

/** The translated text for an error: the server's message key when we know it, else a generic sentence. */
export function errorText(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError ? `errors.${error.message}` : null;
  return key && t(key, { defaultValue: '' }) ? t(key) : t('errors.generic');
}
