import { z } from 'zod';
import { apiRoute, rawAnswer } from './api-route.js';
import { supportedLanguages } from './auth.js';
import { rankNames } from './peace.js';

/** Web push to a member's devices (decision 026). */

/** The kinds of notification a device may be told of; each device chooses its own (all of them unless it says). */
export const pushKinds = ['private_message', 'mention', 'level', 'moderation', 'contact_reply'] as const;
export type PushKind = (typeof pushKinds)[number];

const levelTypes: ReadonlySet<string> = new Set([
  'channel_level_changed',
  ...rankNames.map((rank) => `channel_level_${rank}`),
]);

/** The kind of a notification type (`new_private_message`, `mention`, `channel_level_*`, …), or null when none is pushed. */
export function pushKindOf(type: string): PushKind | null {
  if (type === 'new_private_message' || type === 'conversation_opened') return 'private_message';
  if (type === 'mention') return 'mention';
  if (levelTypes.has(type)) return 'level';
  if (type === 'kicked' || type === 'banned') return 'moderation';
  if (type === 'contact_replied') return 'contact_reply';
  return null;
}

// the browser's keys: P-256 public key (65 bytes uncompressed → 87 base64url characters) and a 16-byte secret (22).
const base64url = (length: number, key: string) =>
  z.string({ error: key }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), key);

const endpoint = z
  .string({ error: 'invalid_push_endpoint' })
  .max(2048, 'invalid_push_endpoint')
  // an http(s) address with a host and no credentials; the server parses it further.
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/, 'invalid_push_endpoint');

/**
 * Body of `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()` (its `expirationTime` is
 * ignored), plus the kinds this device wants and the language its texts are shown in.
 */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url(87, 'invalid_push_key'), auth: base64url(22, 'invalid_push_key') },
    { error: 'invalid_push_key' },
  ),
  kinds: z
    .array(z.enum(pushKinds, { error: 'invalid_push_kind' }))
    .max(pushKinds.length)
    .optional(),
  language: z.enum(supportedLanguages, { error: 'invalid_language' }).optional(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** Body of `DELETE /api/push/subscriptions`. */
export const pushUnsubscribeBody = z.object({ endpoint });

/** Answer of `GET /api/push/key`: the server's VAPID public key, base64url (the browser's `applicationServerKey`). */
export const pushKeyAnswer = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeyAnswer>;

/** Answer of `POST /api/push/subscriptions`: the kinds now pushed to this device. */
export const pushSubscribedAnswer = z.object({ status: z.literal('success'), kinds: z.array(z.enum(pushKinds)) });
export type PushSubscribed = z.infer<typeof pushSubscribedAnswer>;

/**
 * What a push carries (encrypted; the service worker shows it): the notification's type and name as the bell
 * has them, where clicking leads, and a tag per conversation or channel so a later push replaces the earlier.
 * Never a message's text.
 */
export interface PushMessage {
  id: number;
  type: string;
  /** The name the bell's text shows: the sender of a private message, `#channel`, the staff member who replied. */
  name: string;
  /** Who mentioned the member (mentions only). */
  by?: string;
  url: string;
  tag: string;
  language: string;
}

/** The server's VAPID key and a member's devices. */
export const pushRoutes = {
  key: apiRoute({ method: 'GET', path: '/api/push/key', answer: pushKeyAnswer, auth: 'public' }),
  subscribe: apiRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: pushSubscriptionBody,
    answer: pushSubscribedAnswer,
    status: 201,
    auth: 'member',
  }),
  /** 204. */
  unsubscribe: apiRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    body: pushUnsubscribeBody,
    answer: rawAnswer,
    auth: 'member',
  }),
};
