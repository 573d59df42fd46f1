/*
 * `POST /api/channel-level` on each database. Its PEACE matrix has 540 cells (ban state × actor × target × new
 * level); the decision in each (`levelChangeRefusal`) is plain code, the same on both databases, so only the SQL
 * around it differs between them. SQLite runs every cell; PostgreSQL runs 110 of them:
 * - every allowed change while nobody is banned: each goes through PostgreSQL's own statements — the level's
 *   `on conflict` upsert or its delete at level 0, the founder named or cleared in the same transaction, the unchanged
 *   level that writes nothing — and reads the stored level back;
 * - for each ban state, actor rank and outcome, the first and the last cell in the matrix's order (target, then new
 *   level): every refusal, and an allowed change beside a banned target, tried at both of its edges, which takes in a
 *   staff target (ranked by the roles column, not a level row) and the lowest and highest levels asked for; each
 *   ban state's queries (the actor's or the target's ban row, compared as ISO text) run in these.
 * A cell that runs keeps its whole assertion: status, message, stored level and, with a ban, the ban still in force.
 * The other tests run whole on both databases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import type { Dialect } from '../../db/database.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { isBanned, saveBan } from './ban-repo.js';
import { findChannel } from './channel-repo.js';
import { findLevels } from './level-repo.js';
import { startChatHarness, type ChatHarness, type Rank } from './test-support.js';

const ranks: Rank[] = [0, 3, 5, 10, 100, 'staff'];
const newLevels = [0, 3, 5, 10, 100] as const;
/** Who is banned from the channel while the change is asked for. */
const banStates = ['nobody', 'actor', 'target'] as const;

/*
 * Anope's PEACE, cell by cell. One letter per new level 0, 3, 5, 10, 100: y allowed,
 * o not_channel_operator, t target_level_too_high (target ≥ actor), l level_too_high (new ≥ actor).
 * A third dimension is the ban state: a banned actor has no powers at all (b, `banned`, in every cell,
 * staff included), while a banned target is ranked as this matrix says.
 */
const matrix: Record<string, Record<string, string>> = {
  0: { 0: 'ooooo', 3: 'ooooo', 5: 'ooooo', 10: 'ooooo', 100: 'ooooo', staff: 'ooooo' },
  3: { 0: 'ooooo', 3: 'ooooo', 5: 'ooooo', 10: 'ooooo', 100: 'ooooo', staff: 'ooooo' },
  5: { 0: 'yylll', 3: 'yylll', 5: 'ttttt', 10: 'ttttt', 100: 'ttttt', staff: 'ttttt' },
  10: { 0: 'yyyll', 3: 'yyyll', 5: 'yyyll', 10: 'ttttt', 100: 'ttttt', staff: 'ttttt' },
  100: { 0: 'yyyyl', 3: 'yyyyl', 5: 'yyyyl', 10: 'yyyyl', 100: 'ttttt', staff: 'ttttt' },
  staff: { 0: 'yyyyy', 3: 'yyyyy', 5: 'yyyyy', 10: 'yyyyy', 100: 'yyyyy', staff: 'ttttt' },
};
const refusals: Record<string, string> = {
  o: 'not_channel_operator',
  t: 'target_level_too_high',
  l: 'level_too_high',
  b: 'banned',
};

type Cell = {
  banned: (typeof banStates)[number];
  actor: Rank;
  target: Rank;
  level: (typeof newLevels)[number];
  outcome: string;
};

const cells: Cell[] = banStates.flatMap((banned) =>
  ranks.flatMap((actor) =>
    ranks.flatMap((target) =>
      newLevels.map((level, i) => ({
        banned,
        actor,
        target,
        level,
        outcome: banned === 'actor' ? 'b' : matrix[String(actor)]![String(target)]![i]!,
      })),
    ),
  ),
);

/** The cells PostgreSQL runs (the file's header says which and why). */
function runsOnPostgres(): Set<Cell> {
  const edges = new Map<string, { first: Cell; last: Cell }>();
  for (const cell of cells) {
    const key = `${cell.banned} ${cell.actor} ${cell.outcome}`;
    const edge = edges.get(key);
    if (edge) edge.last = cell;
    else edges.set(key, { first: cell, last: cell });
  }
  const chosen = new Set(cells.filter((cell) => cell.banned === 'nobody' && cell.outcome === 'y'));
  for (const { first, last } of edges.values()) chosen.add(first).add(last);
  return chosen;
}
const postgresCells = runsOnPostgres();
const cellsOn = (dialect: Dialect) => (dialect === 'sqlite' ? cells : cells.filter((cell) => postgresCells.has(cell)));

describeEachDialect('POST /api/channel-level', (dialect) => {
  let h: ChatHarness;
  const change = (user: TestUser, payload: object) => h.post(user, '/api/channel-level', payload);

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  describe('the PEACE matrix: ban state × actor level × target level × new level', () => {
    const people: Record<'actor' | 'target' | 'staffActor' | 'staffTarget', TestUser | undefined> = {
      actor: undefined,
      target: undefined,
      staffActor: undefined,
      staffTarget: undefined,
    };
    let cell = 0;
    beforeAll(async () => {
      people.actor = await h.member({ username: 'Actor' });
      people.target = await h.member({ username: 'Target' });
      people.staffActor = await h.member({ username: 'StaffActor', staff: true });
      people.staffTarget = await h.member({ username: 'StaffTarget', staff: true });
    });

    it.each(cellsOn(dialect))(
      'banned $banned, actor $actor, target $target, new level $level → $outcome',
      async ({ banned, actor, target, level, outcome }) => {
        const channel = `lv-${++cell}`;
        const actorUser = actor === 'staff' ? people.staffActor! : people.actor!;
        const targetUser = target === 'staff' ? people.staffTarget! : people.target!;
        if (actor !== 'staff' && actor !== 0) await h.setLevel(channel, actorUser.id, actor);
        if (target !== 'staff' && target !== 0) await h.setLevel(channel, targetUser.id, target);
        const channelId = await h.channel(channel);
        const bannedUser = banned === 'actor' ? actorUser : banned === 'target' ? targetUser : undefined;
        if (bannedUser) {
          const ban = {
            channelId,
            userId: bannedUser.id,
            byUserId: people.staffActor!.id,
            byLevel: 1000,
            reason: null,
            expiresAt: null,
          };
          await saveBan(h.t.app.db, ban);
        }

        const res = await change(actorUser, {
          nickname: targetUser.username,
          channel_name: `#${channel}`,
          new_level: level,
        });
        const stored = (await findLevels(h.t.app.db, channelId, [targetUser.id])).get(targetUser.id) ?? 0;
        const before = target === 'staff' ? 0 : target;
        expect({ status: res.statusCode, message: res.json().message, stored }).toEqual(
          outcome === 'y'
            ? { status: 200, message: `Successfully updated channel level for ${targetUser.username}`, stored: level }
            : { status: 403, message: refusals[outcome], stored: before },
        );
        if (bannedUser)
          expect(await isBanned(h.t.app.db, channelId, bannedUser.id, new Date().toISOString())).toBe(true);
      },
    );
  });

  it('shows the new level live to the room, to newcomers, and notifies the target', async () => {
    const [founder, alice, watcher] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('ajuda', founder.id, 100);
    const watching = await h.joined(watcher, '#ajuda');
    const changes = record(watching, 'level-changed');
    await h.joined(alice, '#ajuda');
    const res = await change(founder, { nickname: alice.username, channel_name: '#ajuda', new_level: 5 });
    expect(res.json()).toEqual({
      status: 'success',
      message: `Successfully updated channel level for ${alice.username}`,
      name: alice.username,
      level: 5,
      changed: true,
    });
    await waitFor('level-changed', () => changes.length === 1);
    expect(changes).toEqual([
      [{ channel: '#ajuda', userId: alice.id, nickname: alice.username, level: 5, by: founder.username }],
    ]);

    const newcomer = await h.connect(await h.member());
    const lists = record(newcomer, 'users');
    await request(newcomer, 'join', '#ajuda');
    expect(lists[0]?.[0]).toEqual(expect.arrayContaining([{ id: alice.id, nickname: alice.username, level: 5 }]));
    await waitFor('notification', async () =>
      Boolean(
        await h.t.app.db.selectFrom('notifications').select('id').where('user_to', '=', alice.id).executeTakeFirst(),
      ),
    );
    const rows = await h.t.app.db
      .selectFrom('notifications')
      .select(['type', 'message', 'actor'])
      .where('user_to', '=', alice.id)
      .execute();
    expect(rows).toEqual([{ type: 'channel_level_operator', message: '#ajuda', actor: founder.username }]);
  });

  it('answers changed: false to a level the target already has, and tells the room nothing', async () => {
    const [founder, alice, watcher] = [await h.member(), await h.member(), await h.member()];
    await h.setLevel('pagode', founder.id, 100);
    await h.setLevel('pagode', alice.id, 3);
    const watching = await h.joined(watcher, '#pagode');
    const changes = record(watching, 'level-changed');
    const again = await change(founder, { nickname: alice.username, channel_name: '#pagode', new_level: 3 });
    expect(again.json()).toMatchObject({ status: 'success', name: alice.username, level: 3, changed: false });
    const channelId = await h.channel('pagode');
    expect((await findLevels(h.t.app.db, channelId, [alice.id])).get(alice.id)).toBe(3);

    // A real change after it is the first and only event the room hears.
    const res = await change(founder, { nickname: alice.username, channel_name: '#pagode', new_level: 0 });
    expect(res.json()).toMatchObject({ level: 0, changed: true });
    await waitFor('level-changed', () => changes.length === 1);
    expect(changes).toEqual([
      [{ channel: '#pagode', userId: alice.id, nickname: alice.username, level: 0, by: founder.username }],
    ]);
  });

  it('lets staff name a founder and clears the founder when they are demoted', async () => {
    const [staff, founder] = [await h.member({ staff: true }), await h.member()];
    await h.channel('instafollow');
    await change(staff, { nickname: founder.username, channel_name: '#instafollow', new_level: 100 });
    expect((await findChannel(h.t.app.db, 'instafollow'))?.founderId).toBe(founder.id);
    await change(staff, { nickname: founder.username, channel_name: '#instafollow', new_level: 10 });
    expect((await findChannel(h.t.app.db, 'instafollow'))?.founderId).toBeNull();
  });

  it('finds the target by any of their nicknames, and takes the level as text', async () => {
    const [master, alice] = [await h.member(), await h.member()];
    await h.setLevel('sertanejo', master.id, 10);
    await h.post(alice, '/api/nicknames', { nickname: 'Violeira' });
    const res = await change(master, { nickname: 'VIOLEIRA', channel_name: 'sertanejo', new_level: '3' });
    expect(res.json().name).toBe(alice.username);
  });

  it.each<[string, (name: string) => object, number, object]>([
    [
      'an unknown level',
      (name) => ({ nickname: name, channel_name: '#barra', new_level: 7 }),
      400,
      { message: 'validation_failed', errors: { new_level: ['invalid_level'] } },
    ],
    [
      'no level',
      (name) => ({ nickname: name, channel_name: '#barra' }),
      400,
      { message: 'validation_failed', errors: { new_level: ['new_level_required'] } },
    ],
    [
      'no channel',
      (name) => ({ nickname: name, new_level: 5 }),
      400,
      { message: 'validation_failed', errors: { channel_name: ['channel_name_required'] } },
    ],
    [
      'an unknown nickname',
      () => ({ nickname: 'nobody-here', channel_name: '#barra', new_level: 5 }),
      404,
      { message: 'user_not_found' },
    ],
    [
      'an unknown channel',
      (name) => ({ nickname: name, channel_name: '#never-made', new_level: 5 }),
      404,
      { message: 'channel_not_found' },
    ],
  ])('answers %s with %i', async (_label, payload, status, body) => {
    const staff = await h.member({ staff: true });
    const other = await h.member();
    const res = await change(staff, payload(other.username));
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { status: 'error', ...body } });
  });
});
