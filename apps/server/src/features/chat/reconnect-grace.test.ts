import { rooms } from '@papo/contract/socket-events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { record, request, waitFor, type TestClient } from '../../realtime/test-support.js';
import { commandOf, connectRawIrc, gatewayPort, registerRawIrc, type RawIrc } from '../../test/raw-irc.js';
import { goodPassword, type TestUser } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

/**
 * Drops the socket's connection without a word, as a reload or a network cut does (the server hears `transport
 * close`), and waits until the server has let the socket go.
 */
async function dropped(h: ChatHarness, client: TestClient): Promise<void> {
  const id = client.id;
  client.io.engine.close();
  await waitFor('the server saw the drop', () => id !== undefined && !h.t.app.io.of('/').sockets.has(id));
}

/** A room with a watching web member and a watching IRC link, and the member whose tab comes and goes. */
async function watchedRoom(h: ChatHarness, open: RawIrc[], channel: string) {
  const [watcher, ircUser, member] = [await h.member(), await h.member(), await h.member()];
  const room = `#${channel}`;
  await h.channel(channel);
  const watching = await h.joined(watcher, room);
  const joined = record(watching, 'user-joined');
  const left = record(watching, 'user-left');
  const irc = await connectRawIrc({ host: '127.0.0.1', port: gatewayPort(h.t.app) });
  open.push(irc);
  await registerRawIrc(irc, { username: ircUser.username, password: goodPassword });
  const from = irc.received.length;
  irc.send(`JOIN ${room}`);
  await irc.waitFor((line) => commandOf(line) === '366', 10_000, from);
  const tab = await h.joined(member, room);
  await irc.waitFor((line) => line.startsWith(`:${member.username}!`) && commandOf(line) === 'JOIN');
  // joins are told in batches, and the IRC link's own join may come in the same one or before: counted by member.
  const memberJoins = () =>
    joined
      .flatMap(([first, ...more]) => [first.user.id, ...more.map((user) => user.id)])
      .filter((id) => id === member.id).length;
  await waitFor('the watcher heard the join', () => memberJoins() === 1);
  return { watching, memberJoins, left, irc, member, room, tab };
}

/** The member's own lines the IRC link was sent: JOIN, PART, QUIT. */
const ircLinesOf = (irc: RawIrc, member: TestUser, command: string) =>
  irc.received.filter((line) => line.startsWith(`:${member.username}!`) && commandOf(line) === command);

/** NAMES of the room as the link sees it now (it answers after every line sent to the link before). */
async function names(irc: RawIrc, room: string): Promise<string[]> {
  const from = irc.received.length;
  irc.send(`NAMES ${room}`);
  const line = await irc.waitFor((received) => commandOf(received) === '353', 10_000, from);
  await irc.waitFor((received) => commandOf(received) === '366', 10_000, from);
  return (line.split(' :').at(-1) ?? '').split(' ').map((nick) => nick.replace(/^[~&@%+]/, ''));
}

describe('a dropped tab keeps its member in the room for the reconnect grace', () => {
  let h: ChatHarness;
  const open: RawIrc[] = [];
  beforeAll(async () => {
    // a grace far longer than any reconnect here, so the reload below always comes back within it.
    h = await startChatHarness('sqlite', { IRC_PORT: '0', SOCKET_RECONNECT_GRACE_MS: '60000' });
  });
  afterEach(() => {
    for (const irc of open.splice(0)) irc.close();
    h.disconnectAll();
  });
  afterAll(() => h.close());

  it('a reload (the connection drops, a new tab joins) tells the web watcher and the IRC link nothing', async () => {
    const { watching, memberJoins, left, irc, member, room, tab } = await watchedRoom(h, open, 'recarga');
    await dropped(h, tab);

    // Still listed while the page loads again: IRC's NAMES and the room's presence.
    expect(await names(irc, room)).toContain(member.username);
    expect(h.t.app.realtime.presence.has(rooms.channel('recarga'), member.id)).toBe(true);

    const reloaded = await h.connect(member);
    const lists = record(reloaded, 'users');
    expect(await request(reloaded, 'join', room)).toEqual({ ok: true });
    expect(lists[0]?.[0].map((user) => user.id)).toContain(member.id);
    // a round trip of the watcher and NAMES come back after anything the server sent them before.
    await request(watching, 'join', room);
    expect(await names(irc, room)).toContain(member.username);
    expect(memberJoins()).toBe(1);
    expect(left).toEqual([]);
    expect(ircLinesOf(irc, member, 'PART')).toEqual([]);
    expect(ircLinesOf(irc, member, 'QUIT')).toEqual([]);
    expect(ircLinesOf(irc, member, 'JOIN')).toHaveLength(1);

    // The place held for the dropped tab is the reloaded tab's now: leaving for real is told at once, once.
    expect(await request(reloaded, 'leave', room)).toEqual({ ok: true });
    await waitFor('the watcher heard the part', () => left.length === 1);
    expect(left).toEqual([[member.id, room]]);
    await irc.waitFor((line) => line.startsWith(`:${member.username}!`) && commandOf(line) === 'PART');
    expect(await names(irc, room)).not.toContain(member.username);
  });

  it('a leave, a closed socket (sign-out) and a kick are told at once, whatever the grace', async () => {
    const { left, irc, member, room, tab } = await watchedRoom(h, open, 'saida');
    // The web's sign-out disconnects its socket: that is a leave, not a drop.
    tab.disconnect();
    await waitFor('the part after the sign-out', () => left.length === 1);
    await irc.waitFor((line) => line.startsWith(`:${member.username}!`) && commandOf(line) === 'PART');

    // A kick takes out a member whose tab had just dropped at once too.
    const op = await h.member();
    await h.setLevel(room.slice(1), op.id, 5);
    const back = await h.joined(member, room);
    await waitFor('the rejoin was told', () => ircLinesOf(irc, member, 'JOIN').length === 2);
    await dropped(h, back);
    const kicked = await h.post(op, '/api/kick', { channel: room.slice(1), nickname: member.username, reason: 'x' });
    expect(kicked.statusCode).toBe(200);
    await waitFor('the part after the kick', () => left.length === 2);
    expect(await names(irc, room)).not.toContain(member.username);
  });
});

describe('a dropped tab that does not come back', () => {
  let h: ChatHarness;
  const open: RawIrc[] = [];
  beforeAll(async () => {
    h = await startChatHarness('sqlite', { IRC_PORT: '0', SOCKET_RECONNECT_GRACE_MS: '200' });
  });
  afterAll(async () => {
    for (const irc of open.splice(0)) irc.close();
    await h.close();
  });

  it('is told as one part to the web watcher and one PART to the IRC link once the grace is over', async () => {
    const { watching, left, irc, member, room, tab } = await watchedRoom(h, open, 'sumiu');
    await dropped(h, tab);
    await waitFor('the part after the grace', () => left.length === 1);
    expect(left).toEqual([[member.id, room]]);
    await irc.waitFor((line) => line.startsWith(`:${member.username}!`) && commandOf(line) === 'PART');
    expect(await names(irc, room)).not.toContain(member.username);
    await request(watching, 'join', room);
    expect(left).toHaveLength(1);
    expect(ircLinesOf(irc, member, 'PART')).toHaveLength(1);
  });
});
