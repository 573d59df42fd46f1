import type { NotificationList } from '@papo/contract/notifications';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { connectRawIrc, gatewayPort, registerRawIrc } from '../../test/raw-irc.js';
import { goodPassword, type TestUser } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from '../chat/test-support.js';

describeEachDialect('one bell item per event, naming who', (dialect) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness(dialect, { IRC_PORT: '0' });
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  const bell = async (user: TestUser) =>
    (await h.t.app.inject({ url: '/api/notifications', headers: user.headers }))
      .json<NotificationList>()
      .notifications.map(({ type, message, by }) => ({ type, message, by }));

  it('a /msg from the web (open the conversation, then send) makes one item, the opening told as the message; a later line makes its own', async () => {
    const [ana, bia] = [await h.member(), await h.member()];
    const heard = record(await h.connect(bia), 'new-notification');
    const opened = await h.post(ana, '/api/add-conversation', { user: bia.id });
    const conversation_id = opened.json<{ conversation_id: number }>().conversation_id;
    expect(
      (await h.post(ana, '/api/conversations/private/messages', { conversation_id, content: 'oi' })).statusCode,
    ).toBe(200);
    expect(await bell(bia)).toEqual([{ type: 'new_private_message', message: ana.username, by: undefined }]);
    await waitFor('bia hears the opening and the message', () => heard.length === 2);
    expect(heard.map(([item]) => item.type)).toEqual(['conversation_opened', 'new_private_message']);
    expect(heard[1]![0].id).toBe(heard[0]![0].id);

    await h.t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: bia.headers });
    expect(
      (await h.post(ana, '/api/conversations/private/messages', { conversation_id, content: 'tudo bem?' })).statusCode,
    ).toBe(200);
    await waitFor('bia hears the second line', () => heard.length === 3);
    expect((await bell(bia)).map((item) => item.type)).toEqual(['new_private_message', 'new_private_message']);
    expect(heard[2]![0].id).not.toBe(heard[0]![0].id);
  });

  it('a /msg from IRC to a member with no conversation yet makes one item', async () => {
    const [ana, bia] = [await h.member(), await h.member()];
    const client = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
    try {
      await registerRawIrc(client, { username: ana.username, password: goodPassword });
      client.send(`PRIVMSG ${bia.username} :olá pela IRC`);
      // the gateway runs a link's commands one after the other: the PONG comes once the message is handled.
      client.send('PING enviado');
      await client.waitFor((line) => / PONG \S+ :?enviado$/.test(line));
      const [conversation] = await h.t.app.db
        .selectFrom('conversation_messages')
        .select('conversation_id')
        .where('sender_id', '=', ana.id)
        .execute();
      expect(conversation).toBeDefined();
      expect(await bell(bia)).toEqual([{ type: 'new_private_message', message: ana.username, by: undefined }]);
    } finally {
      client.close();
    }
  });

  it("a mention's item names who mentioned, in the list and live", async () => {
    const [ana, bia] = [await h.member(), await h.member()];
    await h.joined(ana, '#miami');
    const tab = await h.joined(bia, '#miami');
    const heard = record(tab, 'new-notification');
    // bia's tab shows another page (a tab with #miami on screen reads the line there); answered in order.
    tab.emit('focus', null);
    expect(await request(tab, 'join', '#miami')).toMatchObject({ ok: true });
    expect(
      (await h.post(ana, '/api/send-message', { channel: 'miami', text: `${bia.username}, olha isto` })).statusCode,
    ).toBe(200);
    await waitFor('bia is told', () => heard.length === 1);
    expect(heard[0]![0]).toMatchObject({ type: 'mention', message: '#miami', by: ana.username });
    expect(await bell(bia)).toEqual([{ type: 'mention', message: '#miami', by: ana.username }]);
  });
});
