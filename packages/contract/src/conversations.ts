import { z } from 'zod';
import { plainText } from './text.js';
import { idParam, maxId } from './ids.js';
import { usernamePattern } from './auth-limits.js';

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

/** Answer of `POST /api/add-conversation`. */
export interface AddConversationAnswer {
  conversation_id: number;
}

/** Query of `GET /api/conversations`; an empty `selectedConversationId` counts as absent. */
export const conversationListQuery = z.object({
  selectedConversationId: z
    .literal('')
    .transform(() => undefined)
    .or(idParam('invalid_conversation_id'))
    .optional(),
});

/** One row of `GET /api/conversations`, most recent activity first. */
export interface ConversationSummary {
  id: number;
  /** What the tab shows: the other member's selected nickname. */
  name: string;
  user: { id: number; name: string };
  /** When the newest message was written; null while the conversation is empty. */
  lastMessageAt: string | null;
  /** Messages from the other member not yet seen. */
  unread: number;
}

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

export interface ConversationUser {
  id: number;
  name: string;
}

export interface PrivateMessage {
  id: number;
  content: string;
  senderId: number;
  senderName: string;
  /** When the server stored it, ISO-8601 UTC. */
  timestamp: string;
}

/** Answer of `POST /api/conversations/{id}`: messages oldest first. */
export interface ConversationPage {
  users: ConversationUser[];
  messages: PrivateMessage[];
  /** More messages lie beyond this page: older ones (newest page, `before`) or newer ones (`after`). */
  hasMore: boolean;
}

/** Spaces alone are no message (members-area §5 Private message). */
export const sendPrivateMessageBody = z.object({
  content: plainText('content_required', { multiline: true })
    .trim()
    .min(1, 'content_required')
    .max(conversationLimits.content, 'too_long'),
  conversation_id: bodyId('conversation_id_required', 'invalid_conversation_id'),
});

/** Answer of `POST /api/conversations/private/messages`. */
export interface SentPrivateMessage {
  id: number;
  timestamp: string;
}

/** `POST /api/typing`; the name shown to the other member is the server's, so a sent `username` is ignored. */
export const typingBody = z.object({
  conversation_id: bodyId('conversation_id_required', 'invalid_conversation_id'),
  is_typing: z.boolean({ error: (issue) => (issue.input === undefined ? 'is_typing_required' : 'invalid_type') }),
});

/** `POST /api/blocks`: `user` is the member to block. */
export const blockBody = z.object({ user: bodyId('user_required', 'invalid_user') });
export const blockParams = z.object({ userId: idParam('invalid_user') });

export interface BlockedUser {
  id: number;
  name: string;
  blockedAt: string;
}

/** Answer of `GET /api/blocks`, newest first. */
export interface BlockList {
  blocks: BlockedUser[];
}
