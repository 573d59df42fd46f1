import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { seedContact } from './test-support.js';
import { buildUser, personas } from '../../test/users.js';

const reply = { subject: 'Re: Olá', body: 'Obrigado pela mensagem.' };

/** A staff reply is recorded (committed) before it is mailed: a reply the database refuses never reaches anyone. */
describeEachDialect('the order of a contact reply', (dialect) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let headers: Record<string, string>;
  /** What the database held for the message at the moment each mail arrived. */
  const seenAtArrival: (string | null)[] = [];
  let watched = 0;
  beforeAll(async () => {
    smtp = await startSmtpSink({
      onMail: async () => {
        const row = await t.app.db
          .selectFrom('contact_messages')
          .select('reply_subject')
          .where('id', '=', watched)
          .executeTakeFirst();
        seenAtArrival.push(row?.reply_subject ?? null);
      },
    });
    t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url } });
    ({ headers } = await buildUser(t.app, { username: 'moderator1', roles: personas.moderator }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is readable in the mailbox by the time the mail arrives', async () => {
    watched = await seedContact(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/contacts/${watched}/reply`, payload: reply, headers });
    expect(res.statusCode).toBe(200);
    expect(seenAtArrival).toEqual([reply.subject]);
  });

  it('is not mailed when the database refuses to record it', async () => {
    const id = await seedContact(t.app);
    await refuseReplies(t, id);
    const before = smtp.mails.length;
    const res = await t.app.inject({ method: 'POST', url: `/api/contacts/${id}/reply`, payload: reply, headers });
    expect(res.statusCode).toBe(500);
    expect(smtp.mails).toHaveLength(before);
    const row = await t.app.db
      .selectFrom('contact_messages')
      .select(['replied_at', 'reply_body'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ replied_at: null, reply_body: null });
  });
});

/** A trigger that fails any update of one message, as a constraint or a full disk would. */
async function refuseReplies(t: TestApp, id: number): Promise<void> {
  if (t.database.dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger refuse_reply before update on contact_messages when old.id = ${id} begin select raise(abort, 'refused'); end`,
      )
      .execute(t.app.db);
    return;
  }
  await sql
    .raw(
      `create function refuse_reply() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
    )
    .execute(t.app.db);
  await sql
    .raw(
      `create trigger refuse_reply before update on contact_messages for each row when (old.id = ${id}) execute function refuse_reply()`,
    )
    .execute(t.app.db);
}
