import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fromFlag, parseTextList } from '../../db/values.js';
import { httpError, retryAfter } from '../../lib/http-error.js';
import { exportReadyMail, findAccountById, mailLanguage } from '../auth/index.js';

type Db = Kysely<Database>;

/** Exports waiting for this node at most: past that the request is refused, never queued without bound. */
const maxWaiting = 20;
/** A `pending` row older than this was left by a node that stopped; asking again makes it anew. */
const stalePendingMs = 10 * 60_000;

export type ExportState =
  { state: 'none' } | { state: 'pending' } | { state: 'ready'; content: string; readyAt: string };

/** Everything the site keeps that is the member's own, as one JSON document; nobody else's conversations. */
async function collectMemberData(db: Db, userId: number): Promise<Record<string, unknown>> {
  const profile = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'name',
      'email',
      'language',
      'roles',
      'verified',
      'created_at',
      'gender',
      'birthday',
      'instagram',
      'youtube',
      'welcome_message',
      'profile_image',
      'coin_balance',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const nicknames = await db
    .selectFrom('nicknames')
    .select(['nickname', 'is_selected', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const pairs = await db
    .selectFrom('conversations')
    .select(['id', 'user_a', 'user_b', 'created_at'])
    .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
    .orderBy('id')
    .execute();
  const otherIds = pairs.map((pair) => (pair.user_a === userId ? pair.user_b : pair.user_a));
  const others = otherIds.length
    ? await db.selectFrom('users').select(['id', 'username']).where('id', 'in', otherIds).execute()
    : [];
  const usernameOf = new Map(others.map((other) => [other.id, other.username]));
  const conversations = pairs.map((pair) => ({
    id: pair.id,
    created_at: pair.created_at,
    with: usernameOf.get(pair.user_a === userId ? pair.user_b : pair.user_a) ?? null,
  }));
  const messages = conversations.length
    ? await db
        .selectFrom('conversation_messages')
        .innerJoin('users', 'users.id', 'conversation_messages.sender_id')
        .select([
          'conversation_messages.conversation_id',
          'users.username as from',
          'conversation_messages.content',
          'conversation_messages.created_at',
        ])
        .where(
          'conversation_messages.conversation_id',
          'in',
          conversations.map((c) => c.id),
        )
        .orderBy('conversation_messages.id')
        .execute()
    : [];
  const notifications = await db
    .selectFrom('notifications')
    .select(['type', 'message', 'actor', 'is_read', 'created_at'])
    .where('user_to', '=', userId)
    .orderBy('id')
    .execute();
  const contactMessages = await db
    .selectFrom('contact_messages')
    .select([
      'name',
      'email',
      'subject',
      'message',
      'source',
      'created_at',
      'replied_at',
      'reply_subject',
      'reply_body',
    ])
    .where('email', 'is not', null)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', profile.email.toLowerCase()))
    .orderBy('id')
    .execute();
  const favourites = await db
    .selectFrom('favorite_channels')
    .innerJoin('channels', 'channels.id', 'favorite_channels.channel_id')
    .select(['channels.name as channel', 'favorite_channels.created_at'])
    .where('favorite_channels.user_id', '=', userId)
    .orderBy('channels.name')
    .execute();
  const channelLevels = await db
    .selectFrom('channel_levels')
    .innerJoin('channels', 'channels.id', 'channel_levels.channel_id')
    .select(['channels.name as channel', 'channel_levels.level'])
    .where('channel_levels.user_id', '=', userId)
    .orderBy('channels.name')
    .execute();
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, verified: fromFlag(profile.verified), roles: parseTextList(profile.roles) },
    nicknames: nicknames.map((n) => ({ ...n, is_selected: fromFlag(n.is_selected) })),
    conversations: conversations.map((c) => ({
      with: c.with,
      created_at: c.created_at,
      messages: messages
        .filter((m) => m.conversation_id === c.id)
        .map(({ from, content, created_at }) => ({ from, content, created_at })),
    })),
    notifications: notifications.map((n) => ({ ...n, is_read: fromFlag(n.is_read) })),
    contactMessages,
    favourites,
    channelLevels,
  };
}

export async function exportStateOf(db: Db, userId: number): Promise<ExportState> {
  const row = await db
    .selectFrom('account_exports')
    .select(['state', 'content', 'ready_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { state: 'none' };
  if (row.state === 'ready' && row.content !== null && row.ready_at !== null)
    return { state: 'ready', content: row.content, readyAt: row.ready_at };
  return { state: 'pending' };
}

/**
 * Makes exports one at a time in this node, after the request that asked has been answered: a member's data may
 * be large, and making it inside a request would hold the request (and a database connection) for as long.
 */
export function createExportQueue(app: FastifyInstance) {
  const waiting: number[] = [];
  let running: Promise<void> | null = null;

  async function make(userId: number): Promise<void> {
    const data = await collectMemberData(app.db, userId);
    const done = await app.db
      .updateTable('account_exports')
      .set({ state: 'ready', content: JSON.stringify(data, null, 2), ready_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) return;
    const account = await findAccountById(app.db, userId);
    if (account)
      app.mailer.sendLater({
        to: account.email,
        ...exportReadyMail(mailLanguage(account.language), { name: account.name }),
      });
  }

  function drain(): void {
    if (running) return;
    const userId = waiting.shift();
    if (userId === undefined) return;
    running = make(userId)
      .catch((error: unknown) => app.log.error({ err: error, userId }, 'account export failed'))
      .finally(() => {
        running = null;
        drain();
      });
  }

  app.addHook('onClose', async () => {
    waiting.length = 0;
    await running;
  });

  return {
    /** Starts an export unless one is being made; a finished one is replaced by the new one. */
    async request(userId: number): Promise<void> {
      const now = Date.now();
      const row = await app.db
        .selectFrom('account_exports')
        .select(['state', 'requested_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row?.state === 'pending' && now - Date.parse(row.requested_at) < stalePendingMs) return;
      if (waiting.length >= maxWaiting) throw retryAfter(httpError(503, 'export_busy'), 60);
      const fields = {
        state: 'pending' as const,
        content: null,
        requested_at: new Date(now).toISOString(),
        ready_at: null,
      };
      await app.db
        .insertInto('account_exports')
        .values({ user_id: userId, ...fields })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
        .execute();
      waiting.push(userId);
      // after this request's answer, not inside its handler time.
      setImmediate(drain);
    },
  };
}
