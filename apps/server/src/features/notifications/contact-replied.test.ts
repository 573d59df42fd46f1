import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { connectClient, record, waitFor, type TestClient } from '../../realtime/test-support.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, type TestUser } from '../../test/users.js';

describeEachDialect('a staff reply to a contact message notifies the sender’s account', (dialect) => {
  let t: TestApp;
  let url: string;
  let staff: TestUser;
  const open: TestClient[] = [];
  const seedContact = async (email: string | null) =>
    (
      await t.app.db
        .insertInto('contact_messages')
        .values({
          name: 'Maria',
          email,
          subject: 'Olá',
          message: 'Gostei do site.',
          source: email ? 'contact' : 'home_chat',
          ip_hash: 'test',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const reply = (id: number, to?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/contacts/${id}/reply`,
      headers: staff.headers,
      payload: { subject: 'Re: Olá', body: 'Obrigado!', ...(to ? { to } : {}) },
    });
  const notificationsOf = (userId: number) =>
    t.app.db.selectFrom('notifications').select(['type', 'message']).where('user_to', '=', userId).execute();

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    staff = await buildUser(t.app, { username: 'equipe1', roles: ['ROLE_USER', 'ROLE_MODERATOR'] });
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.disconnect();
  });
  afterAll(() => t.close());

  it('tells the member whose account e-mail sent it (any case), live, with the staff username', async () => {
    const maria = await buildUser(t.app, { username: 'maria1' });
    const tab = await connectClient(url, { token: maria.token });
    open.push(tab);
    const heard = record(tab, 'new-notification');
    const id = await seedContact('MARIA1@Example.com');

    expect((await reply(id)).statusCode).toBe(200);
    await waitFor('the notification', () => heard.length === 1);
    expect(heard[0]).toEqual([
      expect.objectContaining({ type: 'contact_replied', message: 'equipe1', userTo: maria.id, isRead: false }),
    ]);
    expect(await notificationsOf(maria.id)).toEqual([{ type: 'contact_replied', message: 'equipe1' }]);
  });

  it('tells nobody when the sender has no account or was anonymous', async () => {
    const joana = await buildUser(t.app, { username: 'joana1' });
    const before = await t.app.db.selectFrom('notifications').select('id').execute();
    expect((await reply(await seedContact('stranger@example.com'))).statusCode).toBe(200);
    // the reply may go to a member's address, but only the address the message came from names its sender.
    expect((await reply(await seedContact(null), 'joana1@example.com')).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('notifications').select('id').execute()).toEqual(before);
    expect(await notificationsOf(joana.id)).toEqual([]);
  });
});
