import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { lineFromMessage, systemLine } from './chat-line';
import {
  addEarlierLines,
  addLine,
  addUser,
  insertLateLines,
  getChatState,
  insertMention,
  maxLinesPerChannel,
  patchUser,
  removeUser,
  resetChatStore,
  setDraft,
  setUserChannelLevel,
  setUserFilter,
  setUsers,
  useChatStore,
  visibleUsers,
} from './chat-store';

const ana = { id: 1, nickname: 'ana', level: 0 };
const bia = { id: 2, nickname: 'bia', level: 5 };

function message(id: string, text = 'oi') {
  return lineFromMessage({ id, channel: '#barra', username: 'ana', text, level: 0, timestamp: '2026-01-01T10:00:00Z' });
}

beforeEach(() => resetChatStore());

describe('chat store: messages', () => {
  it('puts replayed lines where the drop happened, once each, marked late', () => {
    addLine(message('a'));
    addLine(message('live'));
    insertLateLines('barra', 1, [
      message('a'),
      message('b'),
      systemLine('barra', 'gapSeconds', { count: 30 }, 'error'),
      message('c'),
    ]);
    const lines = getChatState().messages.barra ?? [];
    expect(lines.map((line) => (line.id.startsWith('system-') ? 'gap' : line.id))).toEqual([
      'a',
      'b',
      'gap',
      'c',
      'live',
    ]);
    expect(lines.map((line) => line.kind !== 'system' && line.late === true)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    insertLateLines('barra', 0, [message('b')]);
    expect(getChatState().messages.barra).toHaveLength(5);
  });

  it("puts the device's earlier lines before those heard since, skipping any already shown", () => {
    addLine(message('now'));
    addEarlierLines('barra', [message('old1'), message('old2'), message('now')]);
    expect(getChatState().messages.barra?.map((line) => line.id)).toEqual(['old1', 'old2', 'now']);
  });

  it('keeps lines per channel, oldest first, and ignores a repeated id', () => {
    addLine(message('a'));
    addLine(message('b'));
    addLine(message('a', 'again'));
    addLine(systemLine('rio', 'join', { nickname: 'ana' }, 'join'));
    expect(getChatState().messages.barra?.map((line) => line.id)).toEqual(['a', 'b']);
    expect(getChatState().messages.rio).toHaveLength(1);
  });

  it(`keeps at most ${maxLinesPerChannel} lines, dropping the oldest`, () => {
    for (let index = 0; index < maxLinesPerChannel + 20; index += 1) addLine(message(`m${index}`));
    const lines = getChatState().messages.barra ?? [];
    expect(lines).toHaveLength(maxLinesPerChannel);
    expect(lines[0]?.id).toBe('m20');
    expect(lines.at(-1)?.id).toBe(`m${maxLinesPerChannel + 19}`);
  });

  it('turns a message without a username into a system line and /me into an action', () => {
    const system = lineFromMessage({ id: 's', channel: '#barra', text: 'server says', timestamp: 't' });
    expect(system).toMatchObject({ kind: 'system', channel: 'barra', params: { text: 'server says' } });
    const action = lineFromMessage({
      id: 'x',
      channel: '#barra',
      username: 'ana',
      text: 'waves',
      kind: 'action',
      timestamp: 't',
    });
    expect(action).toMatchObject({ kind: 'action', username: 'ana', text: 'waves', level: 0 });
  });
});

describe('chat store: online users', () => {
  it('adds a new user at the end and replaces the entry with the same id in place', () => {
    setUsers('barra', [ana, bia]);
    addUser('barra', { id: 3, nickname: 'caio', level: 0 });
    addUser('barra', { id: 1, nickname: 'ana2', level: 3 });
    expect(getChatState().onlineUsers.barra).toEqual([
      { id: 1, nickname: 'ana2', level: 3 },
      bia,
      { id: 3, nickname: 'caio', level: 0 },
    ]);
  });

  it('removes by id and leaves the list alone for an unknown id', () => {
    setUsers('barra', [ana, bia]);
    const before = getChatState().onlineUsers.barra;
    removeUser('barra', 99);
    expect(getChatState().onlineUsers.barra).toBe(before);
    removeUser('barra', 1);
    expect(getChatState().onlineUsers.barra).toEqual([bia]);
  });

  it('shows only the filtered user while a filter id is set', () => {
    setUsers('barra', [ana, bia]);
    setUserFilter(2);
    const { onlineUsers, userFilterId } = getChatState();
    expect(visibleUsers(onlineUsers.barra ?? [], userFilterId)).toEqual([bia]);
    setUserFilter(null);
    expect(visibleUsers(getChatState().onlineUsers.barra ?? [], getChatState().userFilterId)).toEqual([ana, bia]);
  });

  it('patches a nickname everywhere and a level only in its channel', () => {
    setUsers('barra', [ana]);
    setUsers('rio', [ana]);
    patchUser(1, { nickname: 'aninha' });
    patchUser(1, { level: 5 }, 'rio');
    expect(getChatState().onlineUsers.barra).toEqual([{ id: 1, nickname: 'aninha', level: 0 }]);
    expect(getChatState().onlineUsers.rio).toEqual([{ id: 1, nickname: 'aninha', level: 5 }]);
  });
});

describe('chat store: levels, drafts and subscriptions', () => {
  it('answers level 0 for a channel it knows nothing about', () => {
    expect(getChatState().userChannelLevels.barra ?? 0).toBe(0);
    setUserChannelLevel('barra', 5);
    expect(getChatState().userChannelLevels.barra ?? 0).toBe(5);
    expect(getChatState().userChannelLevels.rio ?? 0).toBe(0);
  });

  it('inserts a mention after the draft and asks for focus', () => {
    insertMention('barra', 'bia');
    expect(getChatState().drafts.barra).toBe('bia: ');
    setDraft('barra', 'olá');
    insertMention('barra', 'ana');
    expect(getChatState().drafts.barra).toBe('olá ana: ');
    expect(getChatState().inputFocusPending).toBe(true);
  });

  it('re-renders a subscriber when its slice changes', () => {
    const { result } = renderHook(() => useChatStore((state) => state.onlineUsers.barra));
    expect(result.current).toBeUndefined();
    act(() => setUsers('barra', [ana]));
    expect(result.current).toEqual([ana]);
  });
});
