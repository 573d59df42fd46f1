import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { describeEachDialect } from '../../test/db.js';
import { useTestApp } from '../../test/app.js';
import { latestMailTo } from '../../test/mail.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { waitFor } from '../../test/wait-for.js';

/** A private conversation between two members, with one message from each. */
async function converse(db: Kysely<Database>, one: TestUser, other: TestUser, words: [string, string]): Promise<void> {
  const [a, b] = one.id < other.id ? [one, other] : [other, one];
  const { id } = await db
    .insertInto('conversations')
    .values({ user_a: a.id, user_b: b.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_messages')
    .values([
      { conversation_id: id, sender_id: one.id, content: words[0] },
      { conversation_id: id, sender_id: other.id, content: words[1] },
    ])
    .execute();
}

describeEachDialect('account export', (dialect) => {
  const t = useTestApp({ dialect });

  it('is made after the request, answers 202 until ready, then downloads only the member’s data; a mail says so', async () => {
    const member = await buildUser(t.app, { username: `exporta${dialect}`, email: `exporta-${dialect}@example.com` });
    const second = await buildUser(t.app, { username: `segundo${dialect}` });
    const third = await buildUser(t.app, { username: `terceiro${dialect}` });
    await converse(t.app.db, member, second, ['oi do membro', 'oi do segundo']);
    await converse(t.app.db, second, third, ['segredo entre segundo e terceiro', 'resposta do terceiro']);
    const { id: channelId } = await t.app.db
      .insertInto('channels')
      .values({ name: `#exp${dialect}`, founder_id: member.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('channel_levels')
      .values({ channel_id: channelId, user_id: member.id, level: 100 })
      .execute();
    await t.app.db.insertInto('favorite_channels').values({ channel_id: channelId, user_id: member.id }).execute();
    await t.app.db
      .insertInto('notifications')
      .values({ user_to: member.id, type: 'system', message: 'aviso ao membro' })
      .execute();
    await t.app.db
      .insertInto('notifications')
      .values({ user_to: second.id, type: 'system', message: 'aviso ao segundo' })
      .execute();
    await t.app.db
      .insertInto('contact_messages')
      .values([
        {
          name: 'Membro',
          email: `Exporta-${dialect}@example.com`,
          message: 'contato do membro',
          source: 'contact',
          ip_hash: 'x',
        },
        { name: 'Outro', email: 'outro@example.com', message: 'contato de outro', source: 'contact', ip_hash: 'y' },
      ])
      .execute();

    const get = () => t.app.inject({ method: 'GET', url: '/api/account/export', headers: member.headers });
    expect((await get()).json()).toEqual({ message: 'export_not_found' });
    expect((await t.app.inject({ method: 'POST', url: '/api/account/export' })).statusCode).toBe(401);

    const started = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: member.headers });
    expect({ status: started.statusCode, body: started.json() }).toEqual({ status: 202, body: { state: 'pending' } });
    const seen: number[] = [];
    let file = started;
    await waitFor('the export to be ready', async () => {
      file = await get();
      seen.push(file.statusCode);
      return file.statusCode === 200;
    });
    expect(seen.every((status) => status === 202 || status === 200)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="papo-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = file.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      profile: { id: member.id, username: member.username, email: `exporta-${dialect}@example.com` },
      nicknames: [{ nickname: member.username }],
      conversations: [
        {
          with: second.username,
          messages: [
            { from: member.username, content: 'oi do membro' },
            { from: second.username, content: 'oi do segundo' },
          ],
        },
      ],
      notifications: [{ message: 'aviso ao membro' }],
      contactMessages: [{ message: 'contato do membro' }],
      favourites: [{ channel: `#exp${dialect}` }],
      channelLevels: [{ channel: `#exp${dialect}`, level: 100 }],
    });
    expect(data).not.toHaveProperty('profile.password_hash');
    for (const absent of [
      'segredo entre segundo e terceiro',
      'resposta do terceiro',
      third.username,
      'aviso ao segundo',
      'contato de outro',
      'password',
    ]) {
      expect(file.body).not.toContain(absent);
    }
    const mail = await latestMailTo(t.dataDir, `exporta-${dialect}@example.com`);
    expect(mail.subject).toBe('Os seus dados do Papo estão prontos');
  });
});
