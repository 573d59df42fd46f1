import type { PrivateMessage } from '@papo/contract/conversations';
import { describe, expect, it } from 'vitest';
import {
  addOutgoing,
  confirmOutgoing,
  failOutgoing,
  firstSavedId,
  lastSavedId,
  mergeMessages,
  receiveMessage,
  retryOutgoing,
  type ChatMessage,
} from './message-list';

const me = 1;
const other = 2;

function saved(id: number, content: string, senderId = other): PrivateMessage {
  return {
    id,
    content,
    senderId,
    senderName: senderId === me ? 'ana' : 'bruno',
    timestamp: `2026-11-21T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
  };
}

function draft(tempId: string, content: string) {
  return { tempId, content, senderId: me, senderName: 'ana', timestamp: '2026-11-21T10:05:00.000Z' };
}

const ids = (list: ChatMessage[]) => list.map((message) => message.id);
const contents = (list: ChatMessage[]) => list.map((message) => message.content);

describe('outgoing messages and temporary ids', () => {
  it('shows an outgoing message at once with its temporary id and no server id', () => {
    const list = addOutgoing([], draft('tmp-1', 'olá'));
    expect(list).toEqual([expect.objectContaining({ key: 'tmp-1', id: null, status: 'pending', content: 'olá' })]);
  });

  it('gives the temporary message the server id once saved, keeping its key', () => {
    const list = confirmOutgoing(addOutgoing([], draft('tmp-1', 'olá')), 'tmp-1', { id: 7, timestamp: 'T' });
    expect(list).toEqual([expect.objectContaining({ key: 'tmp-1', id: 7, status: 'sent', timestamp: 'T' })]);
  });

  it('keeps one copy when our own message arrives live before the send call answers', () => {
    let list = addOutgoing([], draft('tmp-1', 'olá'));
    list = receiveMessage(list, saved(7, 'olá', me), me);
    expect(list).toEqual([expect.objectContaining({ key: 'tmp-1', id: 7, status: 'sent' })]);
    list = confirmOutgoing(list, 'tmp-1', { id: 7, timestamp: 'T' });
    expect(list).toHaveLength(1);
  });

  it('drops the temporary copy when the live copy could not be matched to it', () => {
    let list = addOutgoing(mergeMessages([], [saved(3, 'oi')], me), draft('tmp-1', 'olá'));
    list = receiveMessage(list, saved(2, 'olá', me), me);
    expect(contents(list)).toEqual(['olá', 'oi', 'olá']);
    list = confirmOutgoing(list, 'tmp-1', { id: 2, timestamp: 'T' });
    expect(ids(list)).toEqual([2, 3]);
  });

  it('keeps both of two equal texts whatever order the server saved them in', () => {
    let list = addOutgoing(addOutgoing([], draft('tmp-1', 'ok')), draft('tmp-2', 'ok'));
    list = receiveMessage(list, saved(11, 'ok', me), me);
    list = confirmOutgoing(list, 'tmp-2', { id: 11, timestamp: 'T' });
    list = receiveMessage(list, saved(12, 'ok', me), me);
    list = confirmOutgoing(list, 'tmp-1', { id: 12, timestamp: 'T' });
    expect(ids(list)).toEqual([11, 12]);
    expect(contents(list)).toEqual(['ok', 'ok']);
  });

  it('keeps a message adopted by the wrong live copy and adds its own id', () => {
    let list = addOutgoing(addOutgoing([], draft('tmp-1', 'ok')), draft('tmp-2', 'ok'));
    list = receiveMessage(list, saved(11, 'ok', me), me);
    list = confirmOutgoing(list, 'tmp-1', { id: 12, timestamp: 'T' });
    expect(ids(list)).toEqual([11, 12, null]);
    list = receiveMessage(list, saved(12, 'ok', me), me);
    list = confirmOutgoing(list, 'tmp-2', { id: 11, timestamp: 'T' });
    expect(ids(list)).toEqual([11, 12]);
  });

  it('marks a failed send and lets it be retried, but never fails a saved message', () => {
    let list = addOutgoing([], draft('tmp-1', 'olá'));
    list = failOutgoing(list, 'tmp-1');
    expect(list[0]?.status).toBe('failed');
    list = retryOutgoing(list, 'tmp-1');
    expect(list[0]?.status).toBe('pending');
    list = confirmOutgoing(list, 'tmp-1', { id: 4, timestamp: 'T' });
    expect(failOutgoing(list, 'tmp-1')[0]?.status).toBe('sent');
  });

  it('keeps unsaved messages after every saved one', () => {
    let list = addOutgoing([], draft('tmp-1', 'a caminho'));
    list = receiveMessage(list, saved(5, 'resposta'), me);
    expect(ids(list)).toEqual([5, null]);
  });
});

describe('incoming messages', () => {
  it('adds a live message once, de-duplicated by id', () => {
    let list = receiveMessage([], saved(1, 'oi'), me);
    const again = receiveMessage(list, saved(1, 'oi'), me);
    expect(again).toBe(list);
    list = receiveMessage(list, saved(2, 'tudo bem?'), me);
    expect(ids(list)).toEqual([1, 2]);
  });

  it('merges a catch-up page overlapping what is held without doubling, in id order', () => {
    let list = mergeMessages([], [saved(1, 'a'), saved(2, 'b')], me);
    list = receiveMessage(list, saved(4, 'd'), me);
    list = mergeMessages(list, [saved(4, 'd'), saved(3, 'c'), saved(5, 'e')], me);
    expect(ids(list)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never lets an older page take over a message still being sent', () => {
    let list = mergeMessages([], [saved(10, 'x')], me);
    list = addOutgoing(list, draft('tmp-1', 'ok'));
    list = mergeMessages(list, [saved(3, 'ok', me)], me);
    expect(list.map((m) => [m.id, m.status])).toEqual([
      [3, 'sent'],
      [10, 'sent'],
      [null, 'pending'],
    ]);
  });

  it('finds the first and last saved ids for paging', () => {
    const list = addOutgoing(mergeMessages([], [saved(8, 'a'), saved(4, 'b')], me), draft('tmp-1', 'c'));
    expect(firstSavedId(list)).toBe(4);
    expect(lastSavedId(list)).toBe(8);
    expect(lastSavedId([])).toBeNull();
  });
});
