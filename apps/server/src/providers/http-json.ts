import { z } from 'zod';

/** Why an outside call failed; the cause is what gets logged, and decides whether a retry can help. */
export type FailureCause =
  'timeout' | 'network' | 'quota' | 'rate_limited' | 'server_error' | 'client_error' | 'malformed';

const retryable: ReadonlySet<FailureCause> = new Set(['timeout', 'network', 'server_error']);

export class ProviderFailure extends Error {
  constructor(
    readonly kind: FailureCause,
    readonly status?: number,
  ) {
    super(status ? `${kind} (HTTP ${status})` : kind);
    this.name = 'ProviderFailure';
  }

  get retryable(): boolean {
    return retryable.has(this.kind);
  }
}

/** Google APIs answer 403 with one of these reasons when the daily quota or a rate limit is used up. */
const quotaReasons = new Set(['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded']);

/** A Google API's error answer, as far as the quota reasons go. */
const googleError = z.object({
  error: z.object({ errors: z.array(z.object({ reason: z.string().optional() })).optional() }),
});

async function failureFor(response: Response): Promise<ProviderFailure> {
  const { status } = response;
  if (status >= 500) return new ProviderFailure('server_error', status);
  if (status === 429) return new ProviderFailure('rate_limited', status);
  if (status === 403) {
    const body = googleError.safeParse(await response.json().catch(() => null));
    if (body.data?.error.errors?.some((e) => quotaReasons.has(e.reason ?? '')))
      return new ProviderFailure('quota', status);
  }
  return new ProviderFailure('client_error', status);
}

/**
 * GET `url` and parse the JSON answer with `schema`. Every failure becomes a ProviderFailure: a
 * timeout or lost connection, an error status, a body that is not JSON or not the documented shape.
 */
export async function getJson<S extends z.ZodType>(
  url: URL,
  schema: S,
  opts: { signal: AbortSignal; headers?: Record<string, string> },
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: opts.signal, headers: { accept: 'application/json', ...opts.headers } });
  } catch (error) {
    throw new ProviderFailure(opts.signal.aborted || isAbort(error) ? 'timeout' : 'network');
  }
  if (!response.ok) {
    const failure = await failureFor(response);
    await response.body?.cancel().catch(() => undefined);
    throw failure;
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProviderFailure(opts.signal.aborted ? 'timeout' : 'malformed');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderFailure('malformed');
  return parsed.data;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
