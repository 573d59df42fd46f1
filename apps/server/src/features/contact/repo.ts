import type { ContactDetail, ContactSource, ContactSummary } from '@papo/contract/contact';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/schema.js';

export interface NewContactMessage {
  name: string;
  email: string | null;
  subject: string | null;
  message: string;
  source: ContactSource;
  ipHash: string;
}

export async function insertContactMessage(db: Db, contact: NewContactMessage): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: contact.name,
      email: contact.email,
      subject: contact.subject,
      message: contact.message,
      source: contact.source,
      ip_hash: contact.ipHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One mailbox page, newest first, and the number of messages in all. */
export async function listContactMessages(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ contacts: ContactSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'subject', 'created_at', 'source', 'replied_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    contacts: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      date: row.created_at,
      source: row.source,
      repliedAt: row.replied_at,
    })),
    total: Number(count.total),
  };
}

export async function findContactMessage(db: Db, id: number): Promise<ContactDetail | undefined> {
  const row = await db
    .selectFrom('contact_messages as c')
    .leftJoin('users as u', 'u.id', 'c.replied_by')
    .select([
      'c.id',
      'c.name',
      'c.email',
      'c.subject',
      'c.message',
      'c.created_at',
      'c.source',
      'c.replied_at',
      'u.username as replied_by',
      'c.reply_subject',
      'c.reply_body',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    date: row.created_at,
    source: row.source,
    repliedAt: row.replied_at,
    repliedBy: row.replied_by,
    replySubject: row.reply_subject,
    replyBody: row.reply_body,
  };
}

export interface ContactReplyRecord {
  repliedAt: string;
  repliedBy: number;
  subject: string;
  body: string;
}

/** The reply fields as stored, kept so a reply that could not be mailed can be taken back. */
export interface StoredReply {
  replied_at: string | null;
  replied_by: number | null;
  reply_subject: string | null;
  reply_body: string | null;
}

/**
 * Records the latest reply on the message (a later reply replaces an earlier one) and answers what it replaced
 * (undefined when the message is gone), read and written in one transaction.
 */
export async function recordContactReply(
  db: Kysely<Database>,
  id: number,
  reply: ContactReplyRecord,
): Promise<StoredReply | undefined> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('contact_messages')
      .select(['replied_at', 'replied_by', 'reply_subject', 'reply_body'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!previous) return undefined;
    await trx
      .updateTable('contact_messages')
      .set((eb) => ({
        replied_at: reply.repliedAt,
        // a token can outlive its account; the reply is then recorded without an author.
        replied_by: eb.selectFrom('users').select('id').where('id', '=', reply.repliedBy),
        reply_subject: reply.subject,
        reply_body: reply.body,
      }))
      .where('id', '=', id)
      .execute();
    return previous;
  });
}

/** Puts back the reply `previous` unless another reply was recorded after `repliedAt`. */
export async function restoreContactReply(db: Db, id: number, repliedAt: string, previous: StoredReply): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set(previous)
    .where('id', '=', id)
    .where('replied_at', '=', repliedAt)
    .execute();
}
