import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { plainText } from './text.js';
import { channelLevels, channelNamePattern } from './channels.js';
import type { OnlineUser } from './socket-events.js';

/**
 * IRC-style channels (members-area §2 Channel screen, §3, §7; decisions 003, 008).
 * Requests may name a channel as `barra` or `#barra`; answers and events always use `#barra`.
 */

export const chatLimits = {
  /** Characters of a channel message after trimming (and after a leading `/me `). */
  message: 500,
  topic: 300,
  reason: 200,
  /** Flood control per user per channel: a burst of 5, then one message per second. */
  floodBurst: 5,
  floodPerSecond: 1,
  /** A ban without a duration lasts a day; 0 minutes means until an operator lifts it. */
  defaultBanMinutes: 1440,
  maxBanMinutes: 525_600,
  /** New channels one member may found in any 24 hours, and channels they may found in all (staff exempt). */
  channelsPerDay: 5,
  channelsFounded: 20,
} as const;

/**
 * Staff (ROLE_ADMIN, ROLE_MODERATOR) rank above every founder in every channel; presence lists,
 * `level-changed` and `user_channel_level` show them with this level.
 */
export const staffLevel = 1000;

/** The least level that may set the topic, change levels, kick and ban (and is exempt from flood control). */
export const operatorLevel = channelLevels.operator;

/** Levels `POST /api/channel-level` grants: DEOP/DEMASTER 0, voice 3, OP 5, MASTER 10; founder 100 only by staff (PEACE). */
export const grantableLevels = [0, 3, 5, 10, 100] as const;
export type GrantableLevel = (typeof grantableLevels)[number];

/** The IRC prefix of a level in the Connected users list: `~` founder (and staff), `&` master, `@` operator, `+` voiced. */
export function levelPrefix(level: number): string {
  if (level >= channelLevels.founder) return '~';
  if (level >= channelLevels.master) return '&';
  if (level >= channelLevels.operator) return '@';
  if (level >= channelLevels.voiced) return '+';
  return '';
}

/** Connected users sorted by level (highest first), then by nickname. */
export function sortByLevel<T extends OnlineUser>(users: readonly T[]): T[] {
  return [...users].sort((a, b) => (b.level ?? 0) - (a.level ?? 0) || a.nickname.localeCompare(b.nickname));
}

/** `missingKey` when the field is absent, `invalid_type` when it is not text, `invalid_characters` for control characters. */
const text = (missingKey: string, multiline = false) => plainText(missingKey, { multiline }).trim();

/** `barra` or `#barra` → `barra`. */
export const channelField = (missingKey = 'channel_required') =>
  text(missingKey)
    .min(1, { message: missingKey, abort: true })
    .transform((value) => (value.startsWith('#') ? value.slice(1) : value))
    .refine((name) => channelNamePattern.test(name), 'invalid_channel');

const nicknameField = text('nickname_required')
  .min(1, { message: 'nickname_required', abort: true })
  .max(30, 'invalid_nickname');
const reasonField = text('invalid_type').max(chatLimits.reason, 'too_long').optional();

const meCommand = /^\/me(?:\s+|$)/i;

/** Characters as people count them: an emoji is one, not two UTF-16 units. */
export const characterCount = (value: string) => [...value].length;

/**
 * `POST /api/send-message`: parses to `{channel, text, kind}`, where `kind` is 'action' for `/me`
 * (the flag, or text starting with `/me `, which is then dropped). 1–500 characters after trimming.
 */
export const sendMessageBody = z
  .object({
    channel: channelField(),
    /** The spec's client sends it; the server ignores it and uses the sender's own selected nickname. */
    username: z.unknown().optional(),
    text: text('text_required', true),
    action: z.boolean({ error: 'invalid_type' }).optional(),
  })
  .transform((body, ctx) => {
    const isMe = meCommand.test(body.text);
    const message = isMe ? body.text.replace(meCommand, '').trim() : body.text;
    if (message === '') ctx.addIssue({ code: 'custom', path: ['text'], message: 'text_required' });
    else if (message.length > 2 * chatLimits.message || characterCount(message) > chatLimits.message)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'too_long' });
    const kind: 'action' | undefined = isMe || body.action === true ? 'action' : undefined;
    return { channel: body.channel, text: message, kind };
  });
export type SendMessageInput = z.output<typeof sendMessageBody>;

export const latestTopicBody = z.object({ channel: channelField() });

/** An empty topic clears it. */
export const updateTopicBody = z.object({
  channel: channelField(),
  content: text('content_required', true).max(chatLimits.topic, 'too_long'),
});

export const channelLevelBody = z.object({
  nickname: nicknameField,
  channel_name: channelField('channel_name_required'),
  /** A number or its decimal text (form posts). */
  new_level: z.unknown().transform((value, ctx) => {
    const level = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
    if ((grantableLevels as readonly unknown[]).includes(level)) return level as GrantableLevel;
    ctx.addIssue({ code: 'custom', message: value === undefined ? 'new_level_required' : 'invalid_level' });
    return z.NEVER;
  }),
});

export const kickBody = z.object({ channel: channelField(), nickname: nicknameField, reason: reasonField });

export const banBody = z.object({
  channel: channelField(),
  nickname: nicknameField,
  reason: reasonField,
  /** Whole minutes, as a number or its decimal text (form posts). */
  duration_minutes: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value),
      z
        .number({ error: 'invalid_duration' })
        .int('invalid_duration')
        .min(0, 'invalid_duration')
        .max(chatLimits.maxBanMinutes, 'invalid_duration'),
    )
    .default(chatLimits.defaultBanMinutes),
  /** KICKBAN (the default): a present target is also removed from the channel. `false` is IRC's plain `/ban`. */
  kick: z.boolean({ error: 'invalid_type' }).default(true),
});

export const unbanBody = z.object({ channel: channelField(), nickname: nicknameField });

export const favoriteChannelBody = z.object({ channel: channelField() });
const favoriteChannelParams = z.object({ name: channelField() });

export const whoisQuery = z.object({
  username: text('username_required').min(1, { message: 'username_required', abort: true }).max(100, 'too_long'),
});

/** `POST /api/send-message`. */
export const sendMessageAnswer = z.object({ status: z.literal('success'), id: z.string() });
export type SendMessageAnswer = z.infer<typeof sendMessageAnswer>;

/** `POST /api/latest-topic`; `nickname`/`has_nickname`/`user_channel_level` describe the caller. */
export const latestTopicAnswer = z.object({
  status: z.literal('success'),
  data: z.object({
    topic: z.string().nullable(),
    nickname: z.string(),
    has_nickname: z.boolean(),
    user_channel_level: z.number(),
    /** Nickname of whoever set the topic, and when. */
    topic_by: z.string().nullable(),
    topic_at: z.string().nullable(),
  }),
});
export type LatestTopicAnswer = z.infer<typeof latestTopicAnswer>;

/** Answer of the topic, level, kick, ban and unban calls. */
export const chatStatusAnswer = z.object({ status: z.literal('success'), message: z.string() });
export type ChatStatusAnswer = z.infer<typeof chatStatusAnswer>;

export const channelLevelAnswer = chatStatusAnswer.extend({
  /** The target's nickname, as in `Successfully updated channel level for {name}`. */
  name: z.string(),
  level: z.number(),
  /** False when the target already had that level: nothing was written and the room was told nothing. */
  changed: z.boolean(),
});
export type ChannelLevelAnswer = z.infer<typeof channelLevelAnswer>;

/** `POST /api/ban`: when the ban ends (null: until an operator lifts it). */
export const banAnswer = chatStatusAnswer.extend({ expiresAt: z.string().nullable() });
export type BanAnswer = z.infer<typeof banAnswer>;

/** Every 4xx of the chat calls: `{status: 'error', message, errors?}`. */
export interface ChatErrorAnswer {
  status: 'error';
  message: string;
  errors?: Record<string, string[]>;
}

export const favoriteChannelsAnswer = z.object({ favorite_channels: z.array(z.string()) });
export type FavoriteChannelsAnswer = z.infer<typeof favoriteChannelsAnswer>;

/** `GET /api/nickserv-whois` (members-area §3 Whois result); `age` in whole years, null without a birthday. */
export const whoisAnswer = z.object({
  data: z.object({
    nickname: z.string(),
    profileImage: z.string().nullable(),
    gender: z.string().nullable(),
    age: z.number().nullable(),
    instagram: z.string().nullable(),
    youtube: z.string().nullable(),
    welcomeMessage: z.string(),
  }),
  language: z.string(),
});
export type WhoisAnswer = z.infer<typeof whoisAnswer>;

/**
 * The chat's calls, members only; every 4xx answers `{status: 'error', message, errors?}` (`ChatErrorAnswer`).
 * ChanServ's ban list is `channelBanRoutes` (channel-bans.ts).
 */
export const chatRoutes = {
  /** JSON or form data. */
  sendMessage: apiRoute({
    method: 'POST',
    path: '/api/send-message',
    body: sendMessageBody,
    answer: sendMessageAnswer,
    auth: 'member',
  }),
  latestTopic: apiRoute({
    method: 'POST',
    path: '/api/latest-topic',
    body: latestTopicBody,
    answer: latestTopicAnswer,
    auth: 'member',
  }),
  updateTopic: apiRoute({
    method: 'PUT',
    path: '/api/topic',
    body: updateTopicBody,
    answer: chatStatusAnswer,
    auth: 'member',
  }),
  channelLevel: apiRoute({
    method: 'POST',
    path: '/api/channel-level',
    body: channelLevelBody,
    answer: channelLevelAnswer,
    auth: 'member',
  }),
  kick: apiRoute({ method: 'POST', path: '/api/kick', body: kickBody, answer: chatStatusAnswer, auth: 'member' }),
  /** KICKBAN unless `kick: false`. */
  ban: apiRoute({ method: 'POST', path: '/api/ban', body: banBody, answer: banAnswer, auth: 'member' }),
  unban: apiRoute({ method: 'POST', path: '/api/unban', body: unbanBody, answer: chatStatusAnswer, auth: 'member' }),
  favoriteChannels: apiRoute({
    method: 'GET',
    path: '/api/favorite-channels',
    answer: favoriteChannelsAnswer,
    auth: 'member',
  }),
  addFavoriteChannel: apiRoute({
    method: 'POST',
    path: '/api/favorite-channels',
    body: favoriteChannelBody,
    answer: favoriteChannelsAnswer,
    auth: 'member',
  }),
  removeFavoriteChannel: apiRoute({
    method: 'DELETE',
    path: '/api/favorite-channels/:name',
    params: favoriteChannelParams,
    answer: favoriteChannelsAnswer,
    auth: 'member',
  }),
  whois: apiRoute({
    method: 'GET',
    path: '/api/nickserv-whois',
    query: whoisQuery,
    answer: whoisAnswer,
    auth: 'member',
  }),
};
