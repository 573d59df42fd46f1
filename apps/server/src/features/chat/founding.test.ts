import { chatLimits } from '@papo/contract/chat';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { TestClient } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { findChannel } from './channel-repo.js';
import { findOrFoundChannel } from './founding.js';
import { requestFounding, startChatHarness, type ChatHarness } from './test-support.js';

const hour = 3_600_000;

describeEachDialect('founding channels', (dialect) => {
  let h: ChatHarness;
  let channel = 0;
  const fresh = () => `novo-${++channel}`;
  // one socket per member for the joins in a row: a member may hold only 20 sockets.
  const sockets = new Map<number, Promise<TestClient>>();
  const join = async (user: TestUser, name: string) => {
    if (!sockets.has(user.id)) sockets.set(user.id, h.connect(user));
    return requestFounding(await sockets.get(user.id)!, `#${name}`);
  };
  const founded = (user: TestUser) =>
    h.t.app.db.selectFrom('channels').select('name').where('founder_id', '=', user.id).orderBy('created_at').execute();
  // raw SQL, as created_at is never updated by the app (the schema types forbid it).
  const backdate = (user: TestUser, at: Date) =>
    sql`update channels set created_at = ${at.toISOString()} where founder_id = ${user.id}`.execute(h.t.app.db);

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it('founds five channels a day, then answers channel_daily_limit with the seconds to wait, creating nothing', async () => {
    const member = await h.member();
    for (let i = 0; i < chatLimits.channelsPerDay; i++) expect(await join(member, fresh())).toEqual({ ok: true });
    const refused = fresh();
    const answer = await join(member, refused);
    expect(answer).toMatchObject({ ok: false, message: 'channel_daily_limit' });
    expect(answer.ok === false && answer.retryAfter).toBeGreaterThan(23 * 3600);
    expect(await findChannel(h.t.app.db, refused)).toBeUndefined();
    // existing channels stay open to a member at the limit.
    expect(await join(member, 'barra')).toEqual({ ok: true });

    await backdate(member, new Date(Date.now() - 25 * hour));
    expect(await join(member, refused)).toEqual({ ok: true });
    expect((await findChannel(h.t.app.db, refused))?.founderId).toBe(member.id);
  });

  it('says when the oldest of the day leaves the window', async () => {
    const member = await h.member();
    const now = new Date('2026-11-24T12:00:00.000Z');
    for (let i = 0; i < chatLimits.channelsPerDay; i++) {
      const at = new Date(now.getTime() - (10 - i) * hour);
      expect((await findOrFoundChannel(h.t.app.db, { userId: member.id, roles: ['ROLE_USER'] }, fresh(), at)).ok).toBe(
        true,
      );
    }
    // The oldest was founded ten hours before `now`: fourteen hours remain of its day.
    expect(await findOrFoundChannel(h.t.app.db, { userId: member.id, roles: ['ROLE_USER'] }, fresh(), now)).toEqual({
      ok: false,
      message: 'channel_daily_limit',
      retryAfter: 14 * 3600,
    });
  });

  it('stops at twenty founded channels in all with channel_total_limit', async () => {
    const member = await h.member();
    for (let day = 0; day < 4; day++) {
      for (let i = 0; i < chatLimits.channelsPerDay; i++) expect(await join(member, fresh())).toEqual({ ok: true });
      await backdate(member, new Date(Date.now() - 25 * hour));
    }
    expect(await founded(member)).toHaveLength(chatLimits.channelsFounded);
    const refused = fresh();
    expect(await join(member, refused)).toEqual({ ok: false, message: 'channel_total_limit' });
    expect(await findChannel(h.t.app.db, refused)).toBeUndefined();
  });

  it('counts two joins at once against the same limit', async () => {
    const member = await h.member();
    for (let i = 0; i < chatLimits.channelsPerDay - 1; i++) await join(member, fresh());
    const [a, b] = [await h.connect(member), await h.connect(member)];
    const answers = await Promise.all([requestFounding(a, `#${fresh()}`), requestFounding(b, `#${fresh()}`)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await founded(member)).toHaveLength(chatLimits.channelsPerDay);
  });

  it('exempts staff', async () => {
    const staff = await h.member({ staff: true });
    for (let i = 0; i <= chatLimits.channelsPerDay; i++) expect(await join(staff, fresh())).toEqual({ ok: true });
    expect(await founded(staff)).toHaveLength(chatLimits.channelsPerDay + 1);
  });
});
