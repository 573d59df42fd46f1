import { z } from 'zod';
import { plainText } from './text.js';
import { channelLevels, channelNamePattern } from './channels.js';
import type { OnlineUser } from './socket-events.js';

/**
 * IRC-style channels (members-area §2 Channel screen, §3, §7, DESIGN §6, §9).
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

export const whoisQuery = z.object({
  username: text('username_required').min(1, { message: 'username_required', abort: true }).max(100, 'too_long'),
});

/** `POST /api/send-message`. */
export interface SendMessageAnswer {
  status: 'success';
  id: string;
}

/** `POST /api/latest-topic`; `nickname`/`has_nickname`/`user_channel_level` describe the caller. */
export interface LatestTopicAnswer {
  status: 'success';
  data: {
    topic: string | null;
    nickname: string;
    has_nickname: boolean;
    user_channel_level: number;
    /** Nickname of whoever set the topic, and when. */
    topic_by: string | null;
    topic_at: string | null;
  };
}

/** Answer of the topic, level, kick, ban and unban calls. */
export interface ChatStatusAnswer {
  status: 'success';
  message: string;
}

export interface ChannelLevelAnswer extends ChatStatusAnswer {
  /** The target's nickname, as in `Successfully updated channel level for {name}`. */
  name: string;
  level: number;
}

/** Every 4xx of the chat calls: `{status: 'error', message, errors?}`. */
export interface ChatErrorAnswer {
  status: 'error';
  message: string;
  errors?: Record<string, string[]>;
}

export interface FavoriteChannelsAnswer {
  favorite_channels: string[];
}

/** `GET /api/nickserv-whois` (members-area §3 Whois result); `age` in whole years, null without a birthday. */
export interface WhoisAnswer {
  data: {
    nickname: string;
    profileImage: string | null;
    gender: string | null;
    age: number | null;
    instagram: string | null;
    youtube: string | null;
    welcomeMessage: string;
  };
  language: string;
}
