import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket, joinRoom, leaveRoom } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/fake-socket';
import { ok, refused, stubApi, type RecordedCall } from '../test/fake-fetch';
import { signInAs } from '../test/render-chat';
import {
  claimChatSession,
  closeChannel,
  endChannelSessions,
  openChannel,
  restoreOpenChannels,
} from './channel-sessions';
import { addLine, getChatState, resetChatStore, setCurrentChannel, setUserNickname } from './chat-store';
import { retryLine, sendLine } from './send-line';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const socket = getSocket() as unknown as FakeSocket;
let calls: RecordedCall[];
let sendReply: () => ReturnType<typeof ok>;

const said = (channel: string, username: string, text: string, id: string) =>
  socket.receive('new-message', {
    id,
    channel: `#${channel}`,
    username,
    text,
    level: 0,
    timestamp: '2026-11-28T22:00:00Z',
  });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  endChannelSessions();
  resetChatStore();
  restoreOpenChannels([]);
  socket.reset();
  vi.mocked(joinRoom).mockClear();
  vi.mocked(leaveRoom).mockClear();
  signInAs(1, 'ana');
  setUserNickname('ana');
  sendReply = () => ok({ status: 'success', id: 'srv-1' });
  calls = stubApi({
    'PUT /api/open-channels/a': () => ok({ channels: ['a'] }),
    'PUT /api/open-channels/b': () => ok({ channels: ['a', 'b'] }),
    'DELETE /api/open-channels/a': () => ok({ channels: ['b'] }),
    '/api/send-message': () => sendReply(),
  });
});

describe('open channels', () => {
  it('stay joined side by side: opening another neither leaves nor rejoins, opening one again changes nothing', async () => {
    openChannel('a');
    setCurrentChannel('a');
    openChannel('b');
    setCurrentChannel('b');
    openChannel('a');
    setCurrentChannel('a');
    await settled();
    expect(vi.mocked(joinRoom).mock.calls.map(([room]) => room)).toEqual(['#a', '#b']);
    expect(leaveRoom).not.toHaveBeenCalled();
    expect(getChatState().openChannels).toEqual(['a', 'b']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/open-channels/a',
      'PUT /api/open-channels/b',
    ]);
  });

  it('follow the tabs another device opens and closes: one join, one leave, nothing written back', async () => {
    openChannel('a');
    await settled();
    calls.length = 0;
    socket.receive('open-channel', { channel: 'b', open: true });
    // The device that opened it hears its own change too, and already has it.
    socket.receive('open-channel', { channel: 'b', open: true });
    socket.receive('open-channel', { channel: 'a', open: false });
    socket.receive('open-channel', { channel: 'a', open: false });
    await settled();
    expect(vi.mocked(joinRoom).mock.calls.map(([room]) => room)).toEqual(['#a', '#b']);
    expect(vi.mocked(leaveRoom).mock.calls.map(([room]) => room)).toEqual(['#a']);
    expect(getChatState().openChannels).toEqual(['b']);
    expect(calls).toEqual([]);
  });

  it('keep every open channel’s lines, count what arrives unseen, and mark a mention of the member', () => {
    openChannel('a');
    openChannel('b');
    setCurrentChannel('b');
    socket.receive(
      'users',
      [
        { id: 1, nickname: 'ana' },
        { id: 2, nickname: 'bia' },
      ],
      '#a',
    );
    said('a', 'bia', 'bom dia', 'm1');
    said('a', 'bia', 'ana, viu isso?', 'm2');
    said('a', 'bia', 'ana, viu isso?', 'm2');
    said('b', 'bia', 'aqui também', 'm3');
    said('a', 'ana', 'minha própria linha', 'm4');
    said('zz', 'bia', 'canal sem aba', 'm5');
    const state = getChatState();
    expect(state.messages.a?.map((line) => line.id)).toEqual(['m1', 'm2', 'm4']);
    expect(state.unread).toEqual({ a: 2 });
    expect(state.mentioned).toEqual({ a: true });
    expect(state.messages.zz).toBeUndefined();
    expect(state.channelStatus.a).toEqual({ kind: 'joined' });
    setCurrentChannel('a');
    expect(getChatState().unread).toEqual({});
    expect(getChatState().mentioned).toEqual({});
  });

  it('learn the member’s nickname from a room’s list off a channel’s screen: a mention marked, their own line not counted', () => {
    setUserNickname(null);
    openChannel('a');
    socket.receive(
      'users',
      [
        { id: 1, nickname: 'Aninha' },
        { id: 2, nickname: 'bia' },
      ],
      '#a',
    );
    said('a', 'Aninha', 'escrito pelo IRC', 'm1');
    said('a', 'bia', 'Aninha, chegou?', 'm2');
    expect(getChatState().userNickname).toBe('Aninha');
    expect(getChatState().unread).toEqual({ a: 1 });
    expect(getChatState().mentioned).toEqual({ a: true });
  });

  it('leave on close (one leave, the account forgets it) and take the closed channel’s lines and counts away', async () => {
    openChannel('a');
    openChannel('b');
    said('a', 'bia', 'oi', 'm1');
    closeChannel('a');
    closeChannel('a');
    await settled();
    expect(leaveRoom).toHaveBeenCalledExactlyOnceWith('#a');
    expect(getChatState().openChannels).toEqual(['b']);
    expect(getChatState().messages.a).toBeUndefined();
    expect(getChatState().unread.a).toBeUndefined();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/open-channels/a']);
    said('a', 'bia', 'depois de sair', 'm2');
    expect(getChatState().messages.a).toBeUndefined();
  });

  it('restore the account’s channels in its order, after them the ones opened here, keeping only those it lacks', async () => {
    endChannelSessions();
    openChannel('b');
    openChannel('a');
    await settled();
    expect(calls).toEqual([]);
    restoreOpenChannels(['c', 'b', 'd']);
    await settled();
    expect(getChatState().openChannels).toEqual(['c', 'b', 'd', 'a']);
    expect(vi.mocked(joinRoom).mock.calls.map(([room]) => room)).toEqual(['#b', '#a', '#c', '#d']);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /api/open-channels/a']);
    closeChannel('c');
    restoreOpenChannels(['c', 'b', 'd']);
    expect(getChatState().openChannels).toEqual(['b', 'd', 'a']);
  });

  it('empty a kicked member’s list and count, and stop there', () => {
    openChannel('a');
    socket.receive(
      'users',
      [
        { id: 1, nickname: 'ana' },
        { id: 2, nickname: 'bia' },
      ],
      '#a',
    );
    socket.receive('user-kicked', { channel: '#a', userId: 1, nickname: 'ana', by: 'bia', reason: 'chega' });
    expect(getChatState().onlineUsers.a).toEqual([]);
    expect(getChatState().channelStatus.a).toMatchObject({ kind: 'removed', removal: { by: 'bia', kicked: true } });
    expect(leaveRoom).toHaveBeenCalledWith('#a');
  });

  it('start from nothing for another member, and keep everything for the same one', () => {
    claimChatSession('ana');
    openChannel('a');
    addLine({ kind: 'message', id: 'x', channel: 'a', username: 'bia', text: 'oi', level: 0, timestamp: 't' });
    claimChatSession('ana');
    expect(getChatState().messages.a).toHaveLength(1);
    claimChatSession('bia');
    expect(getChatState().messages).toEqual({});
    expect(getChatState().openChannels).toEqual([]);
  });
});

describe('the member’s own line', () => {
  it('shows at once as pending and becomes the room’s line whichever comes first, once', async () => {
    openChannel('a');
    const sending = sendLine('a', 'ana', 'olá', false);
    expect(
      getChatState().messages.a?.map((line) => [
        line.kind !== 'system' && line.delivery?.state,
        line.kind !== 'system' && line.text,
      ]),
    ).toEqual([['pending', 'olá']]);
    said('a', 'ana', 'olá', 'srv-1');
    await sending;
    expect(getChatState().messages.a).toEqual([expect.objectContaining({ id: 'srv-1', text: 'olá' })]);
    expect(getChatState().messages.a?.[0]).not.toHaveProperty('delivery.state');
    expect(getChatState().unread).toEqual({});
    expect(calls.filter((call) => call.path === '/api/send-message')).toHaveLength(1);
  });

  it('says why a refused line failed and sends it again, in its place, on retry', async () => {
    openChannel('a');
    sendReply = () => refused(429, 'flood_limit');
    await sendLine('a', 'ana', 'rápido demais', false);
    const failed = getChatState().messages.a?.[0];
    expect(failed).toMatchObject({ delivery: { state: 'failed', reasonKey: 'chatErrors.flood_limit' } });
    sendReply = () => ok({ status: 'success', id: 'srv-9' });
    if (failed?.kind !== 'message') throw new Error('no line');
    await retryLine(failed);
    expect(getChatState().messages.a).toEqual([
      expect.objectContaining({ id: 'srv-9', text: 'rápido demais', delivery: undefined }),
    ]);
    expect(calls.filter((call) => call.path === '/api/send-message')).toHaveLength(2);
  });
});

describe('a new topic', () => {
  it('is told in the channel with who set it, when the event says', () => {
    openChannel('a');
    socket.receive('topic-updated', { content: 'samba hoje', channel: '#a', by: 'bia', at: '2026-11-28T22:00:00Z' });
    socket.receive('topic-updated', { content: 'sem autor', channel: '#a' });
    const topics = (getChatState().messages.a ?? []).flatMap((line) =>
      line.kind === 'system' ? [[line.key, line.params]] : [],
    );
    expect(topics).toEqual([
      ['topicBy', { topic: 'samba hoje', nickname: 'bia' }],
      ['topic', { topic: 'sem autor' }],
    ]);
  });
});
