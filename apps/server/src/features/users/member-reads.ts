import type { FastifyInstance } from 'fastify';
import { isRecord } from '@papo/contract/records';
import { cachesOf, type SharedCache } from '../../lib/shared-cache.js';

/**
 * The member reads every page load makes, kept per member in memory (decisions 020 and 053): the profile, the bell's
 * first page, the favourite channels and the conversation list. Each record keeps the tables its load read, and is
 * forgotten on every node by any commit that writes one of them (db/changes.ts): no writer announces by hand. The
 * keyed tables are narrowed to the rows a read shows, so a write of another member's rows, or of a conversation the
 * member is not in (a private message between two others), leaves it kept:
 *
 * | read | the rows of | the rest, read whole |
 * |---|---|---|
 * | profile | users, nicknames (the member and each conversation's other member), favorite_channels, conversations (its own) | channels |
 * | notifications | notifications | — |
 * | favorites | favorite_channels | channels |
 * | conversations | conversations, their messages and read markers (its own), users and nicknames (the other members) | — |
 *
 * A new conversation is told as the whole `conversations` table (db/changes.ts `keyed`), so it reaches both lists.
 */
export type MemberRead = 'profile' | 'notifications' | 'favorites' | 'conversations';

/**
 * Members a node keeps each read for; the oldest is forgotten first (a forgotten one is one query away).
 * the bell's first page is the largest (up to 51 notifications, ~10–20 KB as JSON and objects), so the
 * four reads of 5,000 members stay within ~100 MB at worst.
 */
const maxMembersPerRead = 5_000;

const cacheName = (read: MemberRead) => `member-${read}`;

/** The conversations a profile or a conversation list shows, and their other members, whose names it shows. */
function conversationsOf(value: unknown): { ids: number[]; partners: number[] } {
  const list = isRecord(value) ? value.conversations : value;
  const ids: number[] = [];
  const partners: number[] = [];
  if (Array.isArray(list))
    for (const conversation of list) {
      if (!isRecord(conversation) || typeof conversation.id !== 'number') continue;
      ids.push(conversation.id);
      if (isRecord(conversation.user) && typeof conversation.user.id === 'number') partners.push(conversation.user.id);
    }
  return { ids, partners };
}

/** The rows of keyed tables that each read is made of (lib/shared-cache.ts `rows`). */
const memberRows: Record<MemberRead, (userId: number, value: unknown) => Record<string, number[]>> = {
  profile: (userId, value) => {
    const { ids, partners } = conversationsOf(value);
    const named = [userId, ...partners];
    return { users: named, nicknames: named, favorite_channels: [userId], conversations: ids };
  },
  notifications: (userId) => ({ notifications: [userId] }),
  favorites: (userId) => ({ favorite_channels: [userId] }),
  conversations: (_userId, value) => {
    const { ids, partners } = conversationsOf(value);
    return {
      conversations: ids,
      conversation_messages: ids,
      conversation_reads: ids,
      users: partners,
      nicknames: partners,
    };
  },
};

/** The node's cache of one member read, keyed by user id; `load` answers undefined for a missing member (not cached). */
export function memberReadCache<V>(
  app: FastifyInstance,
  read: MemberRead,
  load: (userId: number) => Promise<V | undefined>,
): SharedCache<number, V> {
  return cachesOf(app).cache<number, V>(cacheName(read), load, {
    maxEntries: maxMembersPerRead,
    rows: memberRows[read],
  });
}
