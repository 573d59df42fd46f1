import { describe, expect, it } from 'vitest';
import { rooms } from '@papo/contract/socket-events';
import { clientRoomName, parseRoom } from './room-name.js';

describe('room names', () => {
  it('maps a channel and a conversation to their internal rooms', () => {
    expect(parseRoom('#bar-do-johhnie')).toEqual({
      kind: 'channel',
      name: 'bar-do-johhnie',
      client: '#bar-do-johhnie',
      internal: rooms.channel('bar-do-johhnie'),
    });
    expect(parseRoom('conversation_12')).toEqual({
      kind: 'conversation',
      id: 12,
      client: 'conversation_12',
      internal: rooms.conversation(12),
    });
  });

  it.each([
    '#',
    '#UPPER',
    '#a b',
    `#${'x'.repeat(31)}`,
    'conversation_0',
    'conversation_01',
    'conversation_-1',
    `conversation_${'9'.repeat(16)}`,
    'notifications',
    '',
    'x'.repeat(10_000),
  ])('refuses %j', (value) => {
    expect(parseRoom(value)).toBeNull();
  });

  it('names internal rooms back for clients, and only the rooms clients can join', () => {
    expect(clientRoomName(rooms.channel('barra'))).toBe('#barra');
    expect(clientRoomName(rooms.conversation(7))).toBe('conversation_7');
    expect(clientRoomName(rooms.user(7))).toBeNull();
    expect(clientRoomName('Xq3-socket-id')).toBeNull();
    expect(clientRoomName(rooms.channel('Not Valid'))).toBeNull();
  });
});
