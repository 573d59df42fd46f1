import type { ConversationPage, ConversationSummary, PrivateMessage } from '@papo/contract/conversations';

export function message(id: number, content: string, senderId = 2): PrivateMessage {
  return { id, content, senderId, senderName: senderId === 1 ? 'ana' : 'bruno', timestamp: new Date().toISOString() };
}

const users = [
  { id: 1, name: 'ana' },
  { id: 2, name: 'bruno' },
];

export function page(messages: PrivateMessage[], hasMore = false): ConversationPage {
  return { users, messages, hasMore };
}

export const conversationList: ConversationSummary[] = [
  { id: 5, name: 'bruno', user: { id: 2, name: 'bruno' }, lastMessageAt: null, unread: 0 },
  { id: 9, name: 'carla', user: { id: 3, name: 'carla' }, lastMessageAt: null, unread: 3 },
];

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
