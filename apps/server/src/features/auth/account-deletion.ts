import { channelLevels } from '@papo/contract/channels';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError, httpError } from '../../lib/http-error.js';
import { mailLanguage } from './language.js';
import { checkCredentials } from './login.js';
import { accountDeletedMail } from './mail-templates.js';
import { findAccountById } from './repo.js';
import { endAccountSessions } from './sessions.js';

/** The founder's level: a channel passing to another member gives them this one. */
const founderLevel = channelLevels.founder;
/**
 * The least level that may inherit a founded channel: someone the founder trusted to run it. A voiced member made
 * founder would hold powers nobody gave them, so a channel without an operator or above closes.
 */
const heirLevel = channelLevels.operator;

/**
 * Deletes a member's account once the password proves it is them (checked as a sign-in is, under the one limit):
 * every sign-in ends, then the account's data goes (`eraseAccount`) and a mail confirms it.
 */
export async function deleteAccount(
  app: FastifyInstance,
  member: { userId: number },
  password: string,
  address: string,
): Promise<void> {
  const account = await findAccountById(app.db, member.userId);
  if (!account) throw httpError(401, 'Invalid JWT Token');
  if (!account.passwordHash) throw httpError(403, 'wrong_password', { password: ['wrong_password'] });
  try {
    await checkCredentials(app, account.username, password, address);
  } catch (error) {
    // 403, not the sign-in's 401: a 401 would tell the client its token is bad and make it sign out.
    if (error instanceof HttpError && error.key === 'invalid_credentials')
      throw httpError(403, 'wrong_password', { password: ['wrong_password'] });
    throw error;
  }
  await endAccountSessions(app, account.id, 'account_deleted');
  await app.revocations.revoke(account.id, Date.now());
  await eraseAccount(app.db, account);
  app.mailer.sendLater({
    to: account.email,
    ...accountDeletedMail(mailLanguage(account.language), { name: account.name }),
  });
}

/**
 * The data part of an account's deletion, the member's own or an administrator's (`npm run admin -- delete-user`),
 * once the caller has ended its sign-ins: in one transaction the data that is theirs alone goes, what they made for
 * others stays without their name (articles under "Equipe", their founded channels with the highest-ranked operator
 * or above left, else closed), and the `users` row is emptied to keep the username reserved and their private messages
 * readable as "conta removida"; after the commit every node's caches hear of it.
 */
export async function eraseAccount(db: Kysely<Database>, account: { id: number; email: string }): Promise<void> {
  const id = account.id;
  await db.transaction().execute(async (trx) => {
    const founded = await trx.selectFrom('channels').select('id').where('founder_id', '=', id).execute();
    for (const channel of founded) {
      const heir = await trx
        .selectFrom('channel_levels')
        .select('user_id')
        .where('channel_id', '=', channel.id)
        .where('user_id', '!=', id)
        .where('level', '>=', heirLevel)
        .orderBy('level', 'desc')
        .orderBy('user_id')
        .executeTakeFirst();
      if (!heir) {
        await trx.deleteFrom('channels').where('id', '=', channel.id).execute();
        continue;
      }
      await trx.updateTable('channels').set({ founder_id: heir.user_id }).where('id', '=', channel.id).execute();
      await trx
        .updateTable('channel_levels')
        .set({ level: founderLevel })
        .where('channel_id', '=', channel.id)
        .where('user_id', '=', heir.user_id)
        .execute();
    }
    // a topic names who set it by nickname; the member's go with the account.
    const names = (await trx.selectFrom('nicknames').select('nickname').where('user_id', '=', id).execute()).map(
      (row) => row.nickname,
    );
    if (names.length)
      await trx.updateTable('channels').set({ topic_by: null }).where('topic_by', 'in', names).execute();

    await trx.updateTable('articles').set({ author_id: null }).where('author_id', '=', id).execute();
    await trx.updateTable('article_revisions').set({ author_id: null }).where('author_id', '=', id).execute();
    await trx.updateTable('record_revisions').set({ author_id: null }).where('author_id', '=', id).execute();
    await trx.updateTable('article_preview_links').set({ created_by: null }).where('created_by', '=', id).execute();
    await trx.updateTable('uploads').set({ uploaded_by: null }).where('uploaded_by', '=', id).execute();
    await trx.updateTable('stores').set({ owner_id: null }).where('owner_id', '=', id).execute();
    await trx.updateTable('contact_messages').set({ replied_by: null }).where('replied_by', '=', id).execute();
    await trx.updateTable('channel_bans').set({ by_user_id: null }).where('by_user_id', '=', id).execute();
    await trx.updateTable('survey_votes').set({ user_id: null }).where('user_id', '=', id).execute();
    await trx
      .deleteFrom('contact_messages')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', account.email.toLowerCase()))
      .execute();

    const families = trx.selectFrom('refresh_token_families').select('id').where('user_id', '=', id);
    await trx.deleteFrom('refresh_tokens').where('family_id', 'in', families).execute();
    // the member's `token_revocations` row stays: it is what refuses their unexpired access tokens on every node
    // once the nodes' copies of it expire.
    for (const table of [
      'refresh_token_families',
      'nicknames',
      'favorite_channels',
      'channel_levels',
      'channel_bans',
      'push_subscriptions',
      'password_reset_tokens',
      'verification_codes',
      'login_failures',
      'account_lockouts',
      'account_mail_sends',
      'open_channels',
      'account_exports',
      'conversation_reads',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', id).execute();
    }
    await trx.deleteFrom('notifications').where('user_to', '=', id).execute();
    await trx
      .deleteFrom('blocks')
      .where((eb) => eb.or([eb('blocker_id', '=', id), eb('blocked_id', '=', id)]))
      .execute();
    await trx
      .updateTable('users')
      .set({
        name: `conta-removida-${id}`,
        email: '',
        email_lower: `conta-removida-${id}`,
        password_hash: null,
        roles: '[]',
        verified: 0,
        gender: null,
        birthday: null,
        instagram: null,
        youtube: null,
        welcome_message: '',
        profile_image: null,
        coin_balance: 0,
        deleted_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  });
  // after the commit: the member's own reads, their partners' lists (now "conta removida") and the channels'
  // founders, levels and topic setters are read again.
}
