import { createHash } from 'node:crypto';
import type { ContactBody, ContactReplyBody, ContactSource } from '@papo/contract/contact';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import type { AccessClaims } from '../../lib/tokens.js';
import type { Mailer } from '../../providers/mail.js';
import { findContactMessage, insertContactMessage, recordContactReply, restoreContactReply } from './repo.js';

/** What a reply listener learns; the notifications feature maps `senderEmail` to an account. */
export interface ContactRepliedEvent {
  contactId: number;
  /** The address the message was sent from (null for anonymous home-chat messages). */
  senderEmail: string | null;
  /** Where the reply went. */
  to: string;
  repliedAt: string;
  repliedBy: { userId: number; username: string };
}

export type ContactRepliedListener = (event: ContactRepliedEvent) => Promise<void> | void;

export function hashIp(ip: string): string {
  return createHash('sha256').update(ip).digest('hex');
}

export async function storeContactMessage(
  db: Kysely<Database>,
  body: ContactBody,
  meta: { source: ContactSource; ip: string },
): Promise<number> {
  return insertContactMessage(db, { ...body, source: meta.source, ipHash: hashIp(meta.ip) });
}

export interface ReplyDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  listeners: readonly ContactRepliedListener[];
}

/**
 * Records the staff member's reply, then mails it: a reply that cannot be recorded is never sent. When the mail
 * cannot be handed over (502 `mail_failed`) the record is taken back, so the mailbox keeps no reply nobody received.
 */
export async function replyToContact(
  deps: ReplyDeps,
  id: number,
  reply: ContactReplyBody,
  staff: AccessClaims,
): Promise<{ repliedAt: string }> {
  const contact = await findContactMessage(deps.db, id);
  if (!contact) throw httpError(404, 'contact_not_found');
  const to = reply.to ?? contact.email;
  if (!to) throw httpError(400, 'validation_failed', { to: ['email_required'] });
  const repliedAt = new Date().toISOString();
  const previous = await recordContactReply(deps.db, id, {
    repliedAt,
    repliedBy: staff.userId,
    subject: reply.subject,
    body: reply.body,
  });
  if (!previous) throw httpError(404, 'contact_not_found');
  try {
    await deps.mailer.send({ to, subject: reply.subject, text: reply.body });
  } catch (error) {
    deps.log.warn({ err: error, contactId: id }, 'contact reply could not be mailed');
    await restoreContactReply(deps.db, id, repliedAt, previous);
    throw httpError(502, 'mail_failed');
  }
  const event: ContactRepliedEvent = {
    contactId: id,
    senderEmail: contact.email,
    to,
    repliedAt,
    repliedBy: { userId: staff.userId, username: staff.username },
  };
  for (const listener of deps.listeners) {
    // the mail is out and recorded; a failing listener must not turn that into an error for the staff member.
    try {
      await listener(event);
    } catch (error) {
      deps.log.error({ err: error, contactId: id }, 'contact reply listener failed');
    }
  }
  return { repliedAt };
}
