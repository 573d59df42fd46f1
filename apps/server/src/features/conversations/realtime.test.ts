import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor, type TestClient } from '../../realtime/test-support.js';
import type { Socket as ClientSocket } from 'socket.io-client';
import { rooms } from '@papo/contract/socket-events';
import { describeEachDialect } from '../../test/db.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import type { TestUser } from '../../test/users.js';
import { notify } from '../notifications/service.js';
import { listConversations, newMember, openConversation, sendMessage } from './test-support.js';

describeEachDialect('private conversations in real time', (dialect) => {
  let t: ListeningTestApp;
  // the messages' notifications; opening the conversation rang the bell once before (conversations.test.ts).
  const notificationsOf = (user: TestUser) =>
    t.app.db
      .selectFrom('notifications')
      .select(['type', 'message', 'is_read'])
      .where('user_to', '=', user.id)
      .where('type', '!=', 'conversation_opened')
      .execute();
  /**
   * Sends `user` a notification and waits until `tab` hears it. Events reach a socket in the order they were
   * sent, so anything emitted to that tab before the marker has arrived by then: absence is then a finding.
   */
  async function marker(tab: TestClient, user: TestUser) {
    const bells = record(tab, 'new_notification');
    const sent = await notify(t.app, { userTo: user.id, type: 'mention', message: '#marker' });
    await waitFor('the marker', () => bells.some(([n]) => (n as { id: number }).id === sent.id));
  }
  const typing = (from: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/typing', headers: from.headers, payload });

  beforeAll(async () => {
    t = await startListeningTestApp({ dialect });
  });
  afterEach(() => t.disconnectAll());
  afterAll(() => t.close());

  it('lets only the two members into the conversation’s room', async () => {
    const [ana, bia, eve] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    expect(await request(await t.connect(ana), 'join', `conversation_${id}`)).toEqual({ ok: true });
    expect(await request(await t.connect(bia), 'join', `conversation_${id}`)).toEqual({ ok: true });
    const intruder = await t.connect(eve);
    const heard = record(intruder, 'new_message');
    expect(await request(intruder, 'join', `conversation_${id}`)).toEqual({ ok: false, message: 'not_a_member' });
    expect(await request(intruder, 'join', 'conversation_999999')).toEqual({ ok: false, message: 'not_a_member' });
    await sendMessage(t.app, ana, id, 'só entre nós');
    await marker(intruder, eve);
    expect(heard).toEqual([]);
  });

  it('delivers to a member viewing the conversation without notifying them', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const biaTab = await t.connect(bia);
    await request(biaTab, 'join', `conversation_${id}`);
    const messages = record(biaTab, 'new_message');
    const bells = record(biaTab, 'new_notification');

    const res = await sendMessage(t.app, ana, id, '  chegou?  ');
    const { id: messageId, timestamp } = res.json();
    await waitFor('the message', () => messages.length === 1);
    expect(messages[0]).toEqual([
      { id: messageId, conversationId: id, content: 'chegou?', senderId: ana.id, senderName: ana.username, timestamp },
    ]);
    // ana's typing, sent after, is the marker: once bia hears it, a notification would have come before it.
    const typed = record(biaTab, 'typing');
    await typing(ana, { conversation_id: id, is_typing: true });
    await waitFor('the typing marker', () => typed.length === 1);
    expect(bells).toEqual([]);
    expect(await notificationsOf(bia)).toEqual([]);
    expect((await listConversations(t.app, bia)).json()[0]).toMatchObject({ id, unread: 0 });
  });

  it('notifies a member who is not viewing it, live under both event names, and counts it unread', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const anaTab = await t.connect(ana);
    await request(anaTab, 'join', `conversation_${id}`);
    const anaHears = record(anaTab, 'new_message');
    const biaElsewhere = await t.connect(bia);
    const seen = {
      messages: record(biaElsewhere, 'new_message'),
      push: record(biaElsewhere, 'new_notification'),
      socket: record(biaElsewhere, 'new-notification'),
    };

    await sendMessage(t.app, ana, id, 'está aí?');
    await waitFor('both notification events', () => seen.push.length === 1 && seen.socket.length === 1);
    const expected = {
      id: expect.any(Number),
      type: 'new_private_message',
      message: ana.username,
      isRead: false,
      userTo: bia.id,
      createdAt: expect.any(String),
    };
    expect(seen.push[0]).toEqual([expected]);
    expect(seen.socket[0]).toEqual(seen.push[0]);
    await waitFor('the sender’s own tab gets the message', () => anaHears.length === 1);
    expect(seen.messages).toEqual([]);
    expect(await notificationsOf(bia)).toEqual([{ type: 'new_private_message', message: ana.username, is_read: 0 }]);
    expect(await notificationsOf(ana)).toEqual([]);
    expect((await listConversations(t.app, bia)).json()[0]).toMatchObject({ id, unread: 1 });
  });

  it('notifies again once the member has left the room', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const biaTab = await t.connect(bia);
    await request(biaTab, 'join', `conversation_${id}`);
    await sendMessage(t.app, ana, id, 'primeira');
    await request(biaTab, 'leave', `conversation_${id}`);
    const bells = record(biaTab, 'new_notification');
    await sendMessage(t.app, ana, id, 'segunda');
    await waitFor('the notification', () => bells.length === 1);
    expect(await notificationsOf(bia)).toHaveLength(1);
  });

  it('sends typing to the other member only, under the sender’s selected nickname', async () => {
    const [ana, bia, eve] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/nicknames',
      headers: ana.headers,
      payload: { nickname: `Ninja${ana.id}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/select-nickname',
      headers: ana.headers,
      payload: { nicknameId: added.json().nickname.id },
    });
    const id = await openConversation(t.app, ana, bia);
    const [anaTab, anaOtherTab, biaTab, eveTab] = [
      await t.connect(ana),
      await t.connect(ana),
      await t.connect(bia),
      await t.connect(eve),
    ];
    for (const tab of [anaTab, anaOtherTab, biaTab]) await request(tab, 'join', `conversation_${id}`);
    const heard = {
      ana: record(anaTab, 'typing'),
      anaOther: record(anaOtherTab, 'typing'),
      bia: record(biaTab, 'typing'),
      eve: record(eveTab, 'typing'),
    };

    const res = await typing(ana, { conversation_id: id, username: 'Impostor', is_typing: true });
    expect(res.statusCode).toBe(200);
    await typing(ana, { conversation_id: String(id), is_typing: false });
    await waitFor('both typing events', () => heard.bia.length === 2);
    expect(heard.bia).toEqual([
      [{ is_typing: true, username: `Ninja${ana.id}`, conversation_id: id }],
      [{ is_typing: false, username: `Ninja${ana.id}`, conversation_id: id }],
    ]);
    await Promise.all([marker(anaTab, ana), marker(anaOtherTab, ana), marker(eveTab, eve)]);
    expect([heard.ana, heard.anaOther, heard.eve]).toEqual([[], [], []]);
  });

  it('refuses malformed typing calls and limits how often one member sends them', async () => {
    const [ana, bia] = [await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    expect((await typing(ana, { conversation_id: id })).json()).toEqual({
      message: 'validation_failed',
      errors: { is_typing: ['is_typing_required'] },
    });
    expect((await typing(ana, { conversation_id: id, is_typing: 'yes' })).json()).toEqual({
      message: 'validation_failed',
      errors: { is_typing: ['invalid_type'] },
    });
    // The two refused calls above count too: the limit is on calls, whatever they carry.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1)
      statuses.push((await typing(ana, { conversation_id: id, is_typing: i % 2 === 0 })).statusCode);
    expect(statuses).toEqual(Array(8).fill(200).concat(429));
    expect((await typing(ana, { conversation_id: id, is_typing: true })).json()).toEqual({
      message: 'too_many_requests',
    });
    expect((await typing(bia, { conversation_id: id, is_typing: true })).statusCode).toBe(200);
  });

  it('tells a member in the conversation whether the other member is connected at all, and nobody else', async () => {
    const [ana, bia, eve] = [await newMember(t.app), await newMember(t.app), await newMember(t.app)];
    const id = await openConversation(t.app, ana, bia);
    const other = await openConversation(t.app, ana, eve);
    const anaTab = await t.connect(ana);
    expect(await request(anaTab, 'join', `conversation_${id}`)).toEqual({ ok: true });
    const ask = (tab: TestClient, room: unknown) =>
      (tab as unknown as ClientSocket).timeout(3_000).emitWithAck('peer-online', { room }) as Promise<unknown>;
    expect(await ask(anaTab, `conversation_${id}`)).toEqual({ ok: true, online: false });
    // on a page with no room at all, bia is still connected.
    const biaTab = await t.connect(bia);
    expect(await ask(anaTab, `conversation_${id}`)).toEqual({ ok: true, online: true });
    biaTab.disconnect();
    await waitFor(
      'the server to see bia go',
      async () => (await t.app.realtime.io.in(rooms.user(bia.id)).fetchSockets()).length === 0,
    );
    expect(await ask(anaTab, `conversation_${id}`)).toEqual({ ok: true, online: false });
    // only from inside the room: not a conversation the tab is not in, not someone else's, not a channel.
    expect(await ask(anaTab, `conversation_${other}`)).toEqual({ ok: false, message: 'not_a_member' });
    const eveTab = await t.connect(eve);
    expect(await ask(eveTab, `conversation_${id}`)).toEqual({ ok: false, message: 'not_a_member' });
    expect(await ask(anaTab, '#barra')).toEqual({ ok: false, message: 'invalid_room' });
    expect(await ask(anaTab, 42)).toEqual({ ok: false, message: 'invalid_room' });
  });
});
