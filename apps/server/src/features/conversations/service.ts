import {
  conversationLimits,
  type ConversationPage,
  type ConversationPageQuery,
  type ConversationSummary,
} from '@papo/contract/conversations';
import { notificationTypes } from '@papo/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { notify } from '../notifications/index.js';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { listMessages } from './messages-repo.js';
import {
  findConversation,
  findMembers,
  findOrCreateConversation,
  isBlockedEitherWay,
  listConversations,
  markConversationRead,
  type ConversationPair,
} from './repo.js';

type Db = Kysely<Database>;

export interface Membership {
  conversation: ConversationPair;
  otherId: number;
}

/**
 * The conversation as seen by one of its two members. A conversation that does not exist answers
 * like someone else's, so ids reveal nothing.
 */
export async function requireMembership(db: Db, userId: number, conversationId: number): Promise<Membership> {
  const conversation = await findConversation(db, conversationId);
  if (!conversation || (conversation.userA !== userId && conversation.userB !== userId)) {
    throw httpError(403, 'not_a_member');
  }
  return { conversation, otherId: conversation.userA === userId ? conversation.userB : conversation.userA };
}

/** Refuses when either member blocked the other. */
export async function refuseIfBlocked(db: Db, userId: number, otherId: number): Promise<void> {
  if (await isBlockedEitherWay(db, userId, otherId)) throw httpError(403, 'blocked');
}

/** The pair's one conversation, opened on first use. */
async function openConversation(db: Db, userId: number, otherId: number): Promise<{ id: number; created: boolean }> {
  if (otherId === userId) throw httpError(400, 'cannot_message_self');
  const [other] = await findMembers(db, [otherId]);
  if (!other) throw httpError(404, 'user_not_found');
  await refuseIfBlocked(db, userId, otherId);
  return findOrCreateConversation(db, userId, otherId);
}

/**
 * Opens the pair's conversation for `userId` (the web's add-conversation, IRC's first private message); the other
 * member learns of a new one through the bell (and web push), named by who opened it.
 */
export async function startConversation(app: FastifyInstance, userId: number, otherId: number): Promise<number> {
  const { id, created } = await openConversation(app.db, userId, otherId);
  if (created) {
    const message = (await findMembers(app.db, [userId]))[0]?.name ?? '';
    await notify(app, {
      userTo: otherId,
      type: notificationTypes.conversationOpened,
      message,
      about: { conversationId: id },
    });
  }
  return id;
}

/** The user's conversations; the selected one (which must be theirs) is marked read first. */
export async function listUserConversations(
  db: Db,
  userId: number,
  selectedId?: number,
): Promise<ConversationSummary[]> {
  if (selectedId !== undefined) {
    await requireMembership(db, userId, selectedId);
    await markConversationRead(db, selectedId, userId);
  }
  return listConversations(db, userId);
}

/** A page of the conversation's messages and its two members; opening it marks it read. */
export async function readConversation(
  db: Db,
  userId: number,
  id: number,
  query: ConversationPageQuery,
): Promise<ConversationPage> {
  const { conversation } = await requireMembership(db, userId, id);
  const limit = conversationLimits.pageSize;
  // one row more than a page tells whether more lie beyond it without a second count.
  const [users, rows] = await Promise.all([
    findMembers(db, [conversation.userA, conversation.userB]),
    listMessages(db, id, { ...query, limit: limit + 1 }),
  ]);
  const hasMore = rows.length > limit;
  // The extra row is the one farthest from the reader's position: the oldest, or the newest when paging forward.
  const messages = !hasMore ? rows : query.after !== undefined ? rows.slice(0, limit) : rows.slice(1);
  await markConversationRead(db, id, userId);
  return { users, messages, hasMore };
}
