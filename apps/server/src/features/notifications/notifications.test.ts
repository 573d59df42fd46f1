import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { startListeningTestApp, type ListeningTestApp } from '../../test/sockets.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { notify } from './service.js';

describeEachDialect('notifications', (dialect) => {
  let t: ListeningTestApp;
  let count = 0;
  const member = () => buildUser(t.app, { username: `n${++count}` });
  const list = (user: TestUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: user.headers });
  const markRead = (user: TestUser, id: number | string) =>
    t.app.inject({ method: 'POST', url: `/api/notifications/${id}/mark-as-read`, headers: user.headers });
  const markAll = (user: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/notifications/mark-all-read', headers: user.headers });

  beforeAll(async () => {
    t = await startListeningTestApp({ dialect });
  });
  afterEach(() => t.disconnectAll());
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/1/mark-as-read'],
    ['POST', '/api/notifications/mark-all-read'],
  ] as const)('refuses %s %s without a token', async (method, path) => {
    const res = await t.app.inject({ method, url: path });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'JWT Token not found' });
  });

  it('stores a notification and pushes it to every tab of its user only, under both event names', async () => {
    const [user, other] = [await member(), await member()];
    const tabs = [await t.connect(user), await t.connect(user)];
    const bystander = await t.connect(other);
    const heard = tabs.map((tab) => ({
      push: record(tab, 'new_notification'),
      socket: record(tab, 'new-notification'),
    }));
    const bystanderHeard = record(bystander, 'new_notification');

    const notification = await notify(t.app, { userTo: user.id, type: 'mention', message: '#barra' });
    expect(notification).toEqual({
      id: expect.any(Number),
      type: 'mention',
      message: '#barra',
      isRead: false,
      userTo: user.id,
      createdAt: expect.any(String),
    });
    await waitFor('every tab hears it twice', () => heard.every((h) => h.push.length === 1 && h.socket.length === 1));
    for (const h of heard) expect([h.push[0], h.socket[0]]).toEqual([[notification], [notification]]);
    expect((await list(user)).json()).toEqual({
      status: 'success',
      notifications: [notification],
      unreadCount: 1,
      hasMore: false,
    });
    // the bystander's own notification is sent after; once it arrives, anything meant for the user would have too.
    const own = await notify(t.app, { userTo: other.id, type: 'mention', message: '#rio' });
    await waitFor('the bystander’s own notification', () => bystanderHeard.length > 0);
    expect(bystanderHeard).toEqual([[own]]);
  });

  it('lists newest first, 50 a page, with the unread count of all of them', async () => {
    const user = await member();
    const ids: number[] = [];
    for (let i = 1; i <= 55; i += 1)
      ids.push((await notify(t.app, { userTo: user.id, type: 'mention', message: `m${i}` })).id);
    await notify(t.app, { userTo: (await member()).id, type: 'mention', message: 'someone else’s' });

    const first = (await list(user)).json();
    expect(first.notifications).toHaveLength(50);
    expect(first.notifications[0].message).toBe('m55');
    expect(first.notifications.at(-1).message).toBe('m6');
    expect(first).toMatchObject({ status: 'success', unreadCount: 55, hasMore: true });
    const second = (await list(user, `?before=${first.notifications.at(-1).id}`)).json();
    expect(second.notifications.map((n: { message: string }) => n.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(second.hasMore).toBe(false);
    expect((await list(user, '?before=abc')).statusCode).toBe(400);
  });

  it('marks one read for its owner only, and answers anyone else as if it did not exist', async () => {
    const [owner, other] = [await member(), await member()];
    const first = await notify(t.app, { userTo: owner.id, type: 'contact_replied', message: 'admin1' });
    await notify(t.app, { userTo: owner.id, type: 'contact_replied', message: 'admin1' });

    const foreign = await markRead(other, first.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'notification_not_found' });
    expect((await list(owner)).json().unreadCount).toBe(2);
    expect((await markRead(owner, 999_999)).statusCode).toBe(404);
    expect((await markRead(owner, 'abc')).statusCode).toBe(400);

    const mine = await markRead(owner, first.id);
    expect(mine.json()).toEqual({ status: 'success', unreadCount: 1 });
    expect((await markRead(owner, first.id)).json()).toEqual({ status: 'success', unreadCount: 1 });
    const after = (await list(owner)).json();
    expect(after.notifications.map((n: { isRead: boolean }) => n.isRead)).toEqual([false, true]);
  });

  it('marks all of the user’s notifications read and nobody else’s', async () => {
    const [user, other] = [await member(), await member()];
    await notify(t.app, { userTo: user.id, type: 'mention', message: 'a' });
    await notify(t.app, { userTo: user.id, type: 'mention', message: 'b' });
    await notify(t.app, { userTo: other.id, type: 'mention', message: 'c' });
    expect((await markAll(user)).json()).toEqual({ status: 'success', unreadCount: 0 });
    expect((await list(user)).json().notifications.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await list(other)).json().unreadCount).toBe(1);
  });
});
