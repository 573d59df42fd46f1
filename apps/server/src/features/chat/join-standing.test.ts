import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { createChannelAccess } from './access.js';
import { saveBan } from './ban-repo.js';
import { findJoinStanding } from './join-repo.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

/** Counts the statements run through the database it is plugged into. */
function queryCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery(args) {
      this.count += 1;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
}

const hour = 3_600_000;

describeEachDialect('what a channel join reads', (dialect) => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterAll(() => h.close());

  it('reads the joiner’s selected nickname, their ban in force and every stored level in one query', async () => {
    const [joiner, op, banned, expired] = await Promise.all([h.member(), h.member(), h.member(), h.member()]);
    const channelId = await h.channel('leitura');
    await h.setLevel('leitura', op.id, 5);
    await h.setLevel('leitura', joiner.id, 3);
    const added = await h.post(joiner, '/api/nicknames', { nickname: `${joiner.username}_lua` });
    await h.post(joiner, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    const ban = { channelId, byUserId: op.id, byLevel: 5, reason: null };
    await saveBan(h.t.app.db, { ...ban, userId: banned.id, expiresAt: new Date(Date.now() + hour).toISOString() });
    await saveBan(h.t.app.db, { ...ban, userId: expired.id, expiresAt: new Date(Date.now() - hour).toISOString() });
    const now = new Date().toISOString();

    const counter = queryCounter();
    const standing = await findJoinStanding(h.t.app.db.withPlugin(counter), joiner.id, 'leitura', now);
    expect(counter.count).toBe(1);
    expect(standing).toEqual({
      nickname: `${joiner.username}_lua`,
      banned: false,
      levels: new Map([
        [op.id, 5],
        [joiner.id, 3],
      ]),
    });
    expect((await findJoinStanding(h.t.app.db, banned.id, 'leitura', now))?.banned).toBe(true);
    expect((await findJoinStanding(h.t.app.db, expired.id, 'leitura', now))?.banned).toBe(false);
  });

  it('answers undefined for a channel that does not exist, and no name for an unknown user', async () => {
    const member = await h.member();
    await h.channel('sem-niveis');
    const now = new Date().toISOString();
    expect(await findJoinStanding(h.t.app.db, member.id, 'nao-existe', now)).toBeUndefined();
    expect(await findJoinStanding(h.t.app.db, 987_654, 'sem-niveis', now)).toEqual({
      nickname: undefined,
      banned: false,
      levels: new Map(),
    });
  });

  it('lets a join into an existing channel cost one query, and refuses a banned joiner', async () => {
    const [member, op] = await Promise.all([h.member(), h.member()]);
    const channelId = await h.channel('um-so');
    await h.setLevel('um-so', op.id, 10);
    const counter = queryCounter();
    const access = createChannelAccess(h.t.app.db.withPlugin(counter));
    const user = { userId: member.id, username: member.username, roles: ['ROLE_USER'] };

    expect(await access.prepareJoin(user, 'um-so', { create: false })).toEqual({
      ok: true,
      nickname: member.username,
      levels: new Map([[op.id, 10]]),
    });
    expect(counter.count).toBe(1);
    await saveBan(h.t.app.db, {
      channelId,
      userId: member.id,
      byUserId: op.id,
      byLevel: 10,
      reason: null,
      expiresAt: null,
    });
    expect(await access.prepareJoin(user, 'um-so', { create: false })).toEqual({ ok: false, message: 'banned' });
  });
});
