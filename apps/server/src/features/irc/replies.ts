import type { MessageKey } from '@papo/contract/message-keys';
import { HttpError } from '../../lib/http-error.js';

/** The sentence an IRC client shows for a refusal of Papo's services; the message key stays in brackets for search. */
const sentenceOf = {
  banned: 'You are banned from this channel',
  not_in_channel: 'You are not on that channel',
  flood_limit: 'You are sending messages too fast; wait a second',
  not_channel_operator: 'You are not a channel operator',
  target_level_too_high: 'That member ranks as high as you or higher',
  level_too_high: 'You cannot grant a level equal to or above your own',
  ban_level_too_high: 'That ban was set by someone who outranks you',
  channel_not_found: 'No such channel',
  user_not_found: 'No such nick',
  target_not_in_channel: 'They are not on that channel',
  not_banned: 'That member is not banned there',
  invalid_credentials: 'Invalid username or password',
  account_locked: 'Account locked after repeated failed sign-ins; try again later',
  account_not_verified: 'Account not verified yet: confirm the code sent by e-mail first',
  blocked: 'One of you blocked the other',
  cannot_message_self: 'You cannot message yourself',
  too_many_connections: 'Too many connections for this account',
  invalid_room: 'Invalid channel name',
  channel_daily_limit: 'You founded as many channels as a day allows',
  channel_total_limit: 'You founded as many channels as a member may',
  channel_name_reserved: "That name is the address of one of the site's pages; pick another",
  too_many_requests: 'Too many failed sign-ins from your address; try again later',
  service_unavailable: 'Papo is briefly unavailable; try again in a moment',
} satisfies Partial<Record<MessageKey, string>>;
const sentences = new Map<string, string>(Object.entries(sentenceOf));

/** A short reason for an error a service threw: its sentence and key, or a generic one for anything unexpected. */
export function reasonOf(error: unknown): { key: string; text: string; status: number } {
  if (error instanceof HttpError) {
    const sentence = sentences.get(error.key);
    return { key: error.key, text: sentence ? `${sentence} (${error.key})` : error.key, status: error.statusCode };
  }
  return { key: 'internal_error', text: 'Something went wrong on the server (internal_error)', status: 500 };
}

/** The same for a message key a socket acknowledgement or a refused Socket.IO connection answered. */
export function reasonOfKey(key: string): string {
  const sentence = sentences.get(key);
  return sentence ? `${sentence} (${key})` : key;
}
