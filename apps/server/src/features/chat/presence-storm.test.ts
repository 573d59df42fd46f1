import type { OnlineUser } from '@papo/contract/socket-events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { presenceSettled, request, waitFor, watchRoom, type TestClient } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

describeEachDialect('channel presence through a join storm (whole app)', (dialect) => {
  let h: ChatHarness;

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterAll(() => h.close());

  it('lists everyone under their selected nickname and level, each join told once, through tabs, parts and drops', async () => {
    const open = async (user: TestUser) => {
      const client: TestClient = await h.connect(user);
      return { user, client, view: watchRoom(client, '#ventania', user.id) };
    };
    await h.channel('ventania');
    const watchers = await Promise.all([1, 2].map(() => h.member().then(open)));
    for (const { client } of watchers) expect(await request(client, 'join', '#ventania')).toEqual({ ok: true });

    const members = await Promise.all(Array.from({ length: 16 }, () => h.member()));
    const [renamed, op] = [members[0]!, members[1]!];
    await h.setLevel('ventania', op.id, 5);
    // selected after the token was signed: the list must show the selection, not the token's name.
    const added = await h.post(renamed, '/api/nicknames', { nickname: `${renamed.username}_mar` });
    await h.post(renamed, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    const storm = await Promise.all(members.map(open));
    const secondTabs = await Promise.all([members[2]!, members[3]!].map(open));
    const answers = await Promise.all(
      [...storm, ...secondTabs].map(({ client }) => request(client, 'join', '#ventania')),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);

    // Two leave, one drops; member 2's second tab drops and member 3's leaves, their first tabs stay.
    const [leaving, alsoLeaving, dropping] = [storm[4]!, storm[5]!, storm[6]!];
    await Promise.all(
      [leaving, alsoLeaving, secondTabs[1]!].map(({ client }) => request(client, 'leave', '#ventania')),
    );
    const dropped = [dropping.client.id!, secondTabs[0]!.client.id!];
    dropping.client.disconnect();
    secondTabs[0]!.client.disconnect();
    const sockets = h.t.app.io.of('/').sockets;
    await waitFor('the drops reached the server', () => dropped.every((id) => !sockets.has(id)));
    const gone = new Set([leaving.user.id, alsoLeaving.user.id, dropping.user.id]);
    const stayed = [...watchers, ...storm].filter(({ user }) => !gone.has(user.id));
    // a newcomer's list is read after the drops were handled, so it is the truth to compare with.
    const newcomer = await open(await h.member());
    const listed = new Promise<OnlineUser[]>((resolve) => newcomer.client.once('users', (users) => resolve(users)));
    await request(newcomer.client, 'join', '#ventania');
    const truth = await listed;
    expect(truth.map((user) => user.id).sort((a, b) => a - b)).toEqual(
      [...stayed.map(({ user }) => user.id), newcomer.user.id].sort((a, b) => a - b),
    );
    expect(truth.find((user) => user.id === renamed.id)?.nickname).toBe(`${renamed.username}_mar`);
    expect(truth.find((user) => user.id === op.id)?.level).toBe(5);

    await presenceSettled(h.t.app);
    // a round trip each comes back after everything the server sent before it.
    await Promise.all(stayed.map(({ client }) => request(client, 'leave', '#nowhere')));
    const everyone = [...stayed.map(({ user }) => user.id), newcomer.user.id].sort((a, b) => a - b);
    for (const { view } of stayed) {
      expect([...view.members].sort((a, b) => a - b)).toEqual(everyone);
      expect(view.repeated).toEqual([]);
      expect(view.ghosts).toEqual([]);
    }
    for (const { view } of watchers) {
      for (const { user } of storm) expect(view.joinsSeen.filter((id) => id === user.id)).toHaveLength(1);
    }
  });
});
