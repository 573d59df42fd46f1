import { z } from 'zod';
import { apiRoute } from './api-route.js';
import { issueKey } from './errors.js';
import { plainText } from './text.js';
import { idParam, maxId } from './ids.js';
import { usernamePattern } from './auth-limits.js';
import { channelField } from './chat.js';

/** Private conversations, typing and blocks (members-area §2 Private conversation, §3 Conversation, §5, §7). */

export const conversationLimits = {
  /** Longest private message, after trimming. */
  content: 2000,
  /** Messages per page of `POST /api/conversations/{id}`. */
  pageSize: 50,
} as const;

/** `POST /api/typing` calls allowed per user within `windowMs`. */
export const typingRateLimit = { max: 10, windowMs: 10_000 } as const;
/** `POST /api/conversations/private/messages` calls allowed per user within `windowMs` (flood control). */
export const privateMessageRateLimit = { max: 20, windowMs: 10_000 } as const;

/**
 * An id in a JSON or form body: a positive integer, or its decimal text. `missingKey` when absent or
 * blank, `invalidKey` for anything else (a fraction, a boolean, a number beyond any column).
 */
export const bodyId = (missingKey: string, invalidKey: string) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: missingKey });
      return z.NEVER;
    }
    const id =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > maxId) {
      ctx.addIssue({ code: 'custom', message: invalidKey });
      return z.NEVER;
    }
    return id;
  });

/** `POST /api/add-conversation`: `user` is the other member's id. */
export const addConversationBody = z.object({ user: bodyId('user_required', 'invalid_user') });

/** `POST /api/add-conversation` by name: any of the other member's nicknames or their username (`/msg nick`, `/query nick`). */
export const addConversationByNameBody = z.object({ nickname: z.string().regex(usernamePattern, 'invalid_nickname') });

/**
 * The body of `POST /api/add-conversation`: one naming `nickname` reaches any member by a name they chat under,
 * wherever they are (`/msg nick`); any other is read as `user`, the member's id. Each answers its own field keys.
 */
const addConversationRequest = z
  .custom<z.input<typeof addConversationByNameBody> | z.input<typeof addConversationBody>>()
  .transform((body, ctx) => {
    const byName = typeof body === 'object' && body !== null && 'nickname' in body;
    const parsed = byName ? addConversationByNameBody.safeParse(body) : addConversationBody.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issueKey(issue) });
    return z.NEVER;
  });

/** Answer of `POST /api/add-conversation`. */
export const addConversationAnswer = z.object({ conversation_id: z.number() });
export type AddConversationAnswer = z.infer<typeof addConversationAnswer>;

/** Query of `GET /api/conversations`; an empty `selectedConversationId` counts as absent. */
export const conversationListQuery = z.object({
  selectedConversationId: z
    .literal('')
    .transform(() => undefined)
    .or(idParam('invalid_conversation_id'))
    .optional(),
});

/** One row of `GET /api/conversations`, most recent activity first. */
const conversationSummary = z.object({
  id: z.number(),
  /** What the tab shows: the other member's selected nickname. */
  name: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
  /** When the newest message was written; null while the conversation is empty. */
  lastMessageAt: z.string().nullable(),
  /** Messages from the other member not yet seen. */
  unread: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** Answer of `GET /api/conversations`. */
export const conversationListAnswer = z.array(conversationSummary);

export const conversationParams = z.object({ id: idParam('invalid_conversation_id') });

/**
 * Query of `POST /api/conversations/{id}`: nothing for the newest page, `before` for older messages,
 * `after` for what came after a message the client holds (catch-up after a dropped connection).
 */
export const conversationPageQuery = z
  .object({ before: idParam('invalid_before').optional(), after: idParam('invalid_after').optional() })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'before_or_after',
    path: ['before'],
  });
export type ConversationPageQuery = z.output<typeof conversationPageQuery>;

const conversationUser = z.object({ id: z.number(), name: z.string() });
export type ConversationUser = z.infer<typeof conversationUser>;

const privateMessage = z.object({
  id: z.number(),
  content: z.string(),
  senderId: z.number(),
  senderName: z.string(),
  /** When the server stored it, ISO-8601 UTC. */
  timestamp: z.string(),
});
export type PrivateMessage = z.infer<typeof privateMessage>;

/** Answer of `POST /api/conversations/{id}`: messages oldest first. */
export const conversationPageAnswer = z.object({
  users: z.array(conversationUser),
  messages: z.array(privateMessage),
  /** More messages lie beyond this page: older ones (newest page, `before`) or newer ones (`after`). */
  hasMore: z.boolean(),
});
export type ConversationPage = z.infer<typeof conversationPageAnswer>;

/** Spaces alone are no message (members-area §5 Private message). */
export const sendPrivateMessageBody = z.object({
  content: plainText('content_required', { multiline: true })
    .trim()
    .min(1, 'content_required')
    .max(conversationLimits.content, 'too_long'),
  conversation_id: bodyId('conversation_id_required', 'invalid_conversation_id'),
});

/** Answer of `POST /api/conversations/private/messages`. */
export const sentPrivateMessageAnswer = z.object({ id: z.number(), timestamp: z.string() });
export type SentPrivateMessage = z.infer<typeof sentPrivateMessageAnswer>;

/** Answer of `POST /api/typing`. */
export const typingAnswer = z.object({ status: z.literal('success') });

const isTypingField = z.boolean({
  error: (issue) => (issue.input === undefined ? 'is_typing_required' : 'invalid_type'),
});

/** `POST /api/typing` in a conversation; the name shown to the other member is the server's, so `username` is ignored. */
const conversationTypingBody = z.object({
  /** The spec's client sends its nickname; the server tells the other member its own record of it. */
  username: z.unknown().optional(),
  conversation_id: bodyId('conversation_id_required', 'invalid_conversation_id'),
  is_typing: isTypingField,
});

/** `POST /api/typing` in a channel (`barra` or `#barra`): the channel's other members see the sender's nickname. */
const channelTypingBody = z.object({ channel: channelField(), is_typing: isTypingField });

/**
 * The body of `POST /api/typing`: one naming `channel` is typing in that channel; any other is read as a
 * conversation's (the spec's body). One route and one rate limit, so a member has one typing budget everywhere.
 */
export const typingBody = z
  .custom<z.input<typeof conversationTypingBody> | z.input<typeof channelTypingBody>>()
  .transform((body, ctx) => {
    const inChannel = typeof body === 'object' && body !== null && 'channel' in body;
    const parsed = inChannel ? channelTypingBody.safeParse(body) : conversationTypingBody.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issueKey(issue) });
    return z.NEVER;
  });

/** `POST /api/blocks`: `user` is the member to block. */
export const blockBody = z.object({ user: bodyId('user_required', 'invalid_user') });
export const blockParams = z.object({ userId: idParam('invalid_user') });

const blockedUser = z.object({ id: z.number(), name: z.string(), blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;

/** Answer of `GET /api/blocks`, newest first. */
export const blockListAnswer = z.object({ blocks: z.array(blockedUser) });
export type BlockList = z.infer<typeof blockListAnswer>;

/** Answer of `POST /api/blocks` (201 for a new block, 200 when it was there already). */
export const blockedAnswer = z.object({
  message: z.literal('user_blocked'),
  user: blockedUser.pick({ id: true, name: true }),
});

/** Answer of `DELETE /api/blocks/{userId}`. */
export const unblockedAnswer = z.object({ message: z.literal('user_unblocked'), id: z.number() });

/** Private conversations: open, list, read, write and type; members only on every call. */
export const conversationRoutes = {
  add: apiRoute({
    method: 'POST',
    path: '/api/add-conversation',
    body: addConversationRequest,
    answer: addConversationAnswer,
    auth: 'member',
  }),
  list: apiRoute({
    method: 'GET',
    path: '/api/conversations',
    query: conversationListQuery,
    answer: conversationListAnswer,
    auth: 'member',
  }),
  /** A page of messages: the newest, or those `before`/`after` one the client holds. */
  page: apiRoute({
    method: 'POST',
    path: '/api/conversations/:id',
    params: conversationParams,
    query: conversationPageQuery,
    answer: conversationPageAnswer,
    auth: 'member',
  }),
  send: apiRoute({
    method: 'POST',
    path: '/api/conversations/private/messages',
    body: sendPrivateMessageBody,
    answer: sentPrivateMessageAnswer,
    auth: 'member',
  }),
  typing: apiRoute({ method: 'POST', path: '/api/typing', body: typingBody, answer: typingAnswer, auth: 'member' }),
};

/** Blocking a member, members only. */
export const blockRoutes = {
  list: apiRoute({ method: 'GET', path: '/api/blocks', answer: blockListAnswer, auth: 'member' }),
  /** 201 for a new block, 200 when it was there already. */
  block: apiRoute({ method: 'POST', path: '/api/blocks', body: blockBody, answer: blockedAnswer, auth: 'member' }),
  unblock: apiRoute({
    method: 'DELETE',
    path: '/api/blocks/:userId',
    params: blockParams,
    answer: unblockedAnswer,
    auth: 'member',
  }),
};
