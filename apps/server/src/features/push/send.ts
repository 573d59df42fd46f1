import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { pinnedLookup } from '../../lib/outbound-address.js';
import { checkEndpoint, type CheckedEndpoint, type Resolver } from './endpoint-guard.js';
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
  /** Production: https to public addresses only (checked again at each push). */
  production: boolean;
  resolve: Resolver;
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
export function requestDetails(
  target: PushRequest,
  payload: string,
  options: Pick<PushOptions, 'vapid' | 'ttlSeconds' | 'urgency' | 'topic'>,
): webpush.RequestDetails {
  return webpush.generateRequestDetails(target, payload, {
    vapidDetails: options.vapid,
    TTL: options.ttlSeconds,
    urgency: options.urgency,
    topic: options.topic,
    contentEncoding: 'aes128gcm',
  });
}

/** The push service's status and Retry-After, or undefined when no answer came (refused, reset, timed out). */
function post(
  checked: CheckedEndpoint,
  details: webpush.RequestDetails,
  timeoutMs: number,
): Promise<{ status: number; retryAfter: string | null } | undefined> {
  const pinned = pinnedLookup(checked);
  const send = checked.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const request = send(
      checked.url,
      { method: details.method, headers: details.headers, lookup: pinned, timeout: timeoutMs, agent: false },
      (response) => {
        response.resume();
        const header = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter: typeof header === 'string' ? header : null });
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
    request.end(details.body ?? undefined);
  });
}

/**
 * Sends one push (RFC 8030) with its body encrypted for the device (RFC 8291, aes128gcm) and signed for by the
 * server's VAPID key (RFC 8292). Web-push builds the request (`generateRequestDetails`) and Node's http(s)
 * sends it to the address the endpoint check saw: web-push's own sender speaks https only and resolves the name
 * itself. An endpoint the check refuses now is never connected to. Never throws.
 */
export async function sendPush(target: PushRequest, payload: string, options: PushOptions): Promise<PushOutcome> {
  let details: webpush.RequestDetails;
  try {
    details = requestDetails(target, payload, options);
  } catch {
    // keys that are not a point on the curve; the subscription call refuses them, so only an old row has them.
    return { kind: 'refused', status: 0 };
  }
  const checked = await checkEndpoint(details.endpoint, { production: options.production, resolve: options.resolve });
  if (typeof checked === 'string') return { kind: 'refused', status: 0 };
  const answer = await post(checked, details, options.timeoutMs);
  if (!answer) return { kind: 'retry' };
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, retryAfterMs: retryAfterMs(answer.retryAfter) };
  return { kind: 'refused', status };
}
