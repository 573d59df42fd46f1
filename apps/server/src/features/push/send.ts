import webpush from 'web-push';
import type { VapidDetails } from './keys.js';

/** What the push service answered, as far as the sender acts on it. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404/410: the subscription has expired or was withdrawn; it is forgotten. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, a timeout or a lost connection: worth trying again later (`retryAfterMs` when the service said). */
  | { kind: 'retry'; status?: number; retryAfterMs?: number }
  /** Any other refusal (400, 403, 413): trying again would not help. */
  | { kind: 'refused'; status: number };

export interface PushRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  vapid: VapidDetails;
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered message of the same topic at the push service (base64url, at most 32 characters). */
  topic?: string;
  timeoutMs: number;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The request of one push, encrypted and signed; throws when the device's keys cannot be used. */
export function requestDetails(target: PushRequest, payload: string, options: Pick<PushOptions, 'vapid' | 'ttlSeconds' | 'urgency' | 'topic'>): webpush.RequestDetails {
  return webpush.generateRequestDetails(target, payload, {
    vapidDetails: options.vapid,
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    topic: options.topic,
    contentEncoding: 'aes128gcm',
  });
}

/**
 * Sends one push (RFC 8030) with its body encrypted for the device (RFC 8291, aes128gcm) and signed for by the
 * server's VAPID key (RFC 8292). NOTE: web-push builds the request (`generateRequestDetails`) and the platform's
 * fetch sends it: web-push's own sender speaks https only, and a loopback push service in development and tests
 * answers plain http. Never throws.
 */
export async function sendPush(target: PushRequest, payload: string, options: PushOptions): Promise<PushOutcome> {
  let details: webpush.RequestDetails;
  try {
    details = requestDetails(target, payload, options);
  } catch {
    // NOTE: keys that are not a point on the curve; the subscription call refuses them, so only an old row has them.
    return { kind: 'refused', status: 0 };
  }
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch {
    return { kind: 'retry' };
  }
  await response.body?.cancel().catch(() => undefined);
  const { status } = response;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  return { kind: 'refused', status };
}
