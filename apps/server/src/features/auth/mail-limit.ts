import type { FastifyInstance } from 'fastify';
import { isoAt } from './secrets.js';

/** Verification and reset mails one account receives per hour, whoever asks and from however many addresses. */
const accountMailLimit = { max: 5, windowMs: 60 * 60 * 1000 } as const;

export type AccountMailKind = 'verification_code' | 'password_reset';

/**
 * Counts a mail to the account and answers whether it may go out. Beyond the limit the mail is dropped and
 * logged, and the caller answers as usual: a different answer would tell a stranger the address has an account.
 */
export async function allowAccountMail(
  app: FastifyInstance,
  userId: number,
  kind: AccountMailKind,
  now = Date.now(),
): Promise<boolean> {
  const since = isoAt(now - accountMailLimit.windowMs);
  const row = await app.db
    .selectFrom('account_mail_sends')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= accountMailLimit.max) {
    app.log.warn({ userId, kind }, 'account mail limit reached; mail not sent');
    return false;
  }
  await app.db
    .deleteFrom('account_mail_sends')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('sent_at', '<=', since)
    .execute();
  await app.db
    .insertInto('account_mail_sends')
    .values({ user_id: userId, kind, sent_at: isoAt(now) })
    .execute();
  return true;
}
