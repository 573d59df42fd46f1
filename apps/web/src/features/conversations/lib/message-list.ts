import type { PrivateMessage } from '@papo/contract/conversations';

/** A message as the screen holds it: saved ones carry the server's id, outgoing ones a temporary key until then. */
export interface ChatMessage {
  /** Stable React key: `m-<id>` for messages read from the server, the temporary id for our own. */
  key: string;
  /** The server's id; null while an outgoing message is not saved yet. */
  id: number | null;
  content: string;
  senderId: number;
  senderName: string;
  timestamp: string;
  status: 'sent' | 'pending' | 'failed';
}

export interface OutgoingDraft {
  tempId: string;
  content: string;
  senderId: number;
  senderName: string;
  timestamp: string;
}

/** Saved messages in id order; unsaved ones after them, in the order they were written. */
function sortMessages(list: ChatMessage[]): ChatMessage[] {
  return [...list].sort((a, b) => {
    if (a.id === null || b.id === null) return a.id === null ? (b.id === null ? 0 : 1) : -1;
    return a.id - b.id;
  });
}

/** The highest server id held, or null when nothing saved is held. */
export function lastSavedId(list: readonly ChatMessage[]): number | null {
  return list.reduce<number | null>(
    (max, message) => (message.id !== null && (max === null || message.id > max) ? message.id : max),
    null,
  );
}

/** The lowest server id held (where 'load older' continues from), or null. */
export function firstSavedId(list: readonly ChatMessage[]): number | null {
  return list.reduce<number | null>(
    (min, message) => (message.id !== null && (min === null || message.id < min) ? message.id : min),
    null,
  );
}

function fromServer(message: PrivateMessage): ChatMessage {
  const { id, content, senderId, senderName, timestamp } = message;
  return { key: `m-${id}`, id, content, senderId, senderName, timestamp, status: 'sent' };
}

/** Shows an outgoing message at once, before the server has it (members-area §4 Private conversation). */
export function addOutgoing(list: ChatMessage[], draft: OutgoingDraft): ChatMessage[] {
  const { tempId, ...rest } = draft;
  return [...list, { ...rest, key: tempId, id: null, status: 'pending' }];
}

/**
 * Adds a message read from the server once: a known id changes nothing. Our own message arriving live
 * before the send call answered takes over the oldest unsaved message with the same text, so it never
 * shows twice; only a message newer than everything held may do that, never one of an older page.
 */
export function receiveMessage(list: ChatMessage[], message: PrivateMessage, myId: number | null): ChatMessage[] {
  if (list.some((held) => held.id === message.id)) return list;
  const newest = lastSavedId(list);
  if (message.senderId === myId && (newest === null || message.id > newest)) {
    const held = list.find((pending) => pending.id === null && pending.content === message.content);
    if (held) {
      const adopted = { ...held, id: message.id, timestamp: message.timestamp, status: 'sent' as const };
      return sortMessages(list.map((item) => (item === held ? adopted : item)));
    }
  }
  return sortMessages([...list, fromServer(message)]);
}

/** Adds a page (older messages or a catch-up) without doubling anything already held. */
export function mergeMessages(
  list: ChatMessage[],
  messages: readonly PrivateMessage[],
  myId: number | null,
): ChatMessage[] {
  return [...messages].sort((a, b) => a.id - b.id).reduce((held, message) => receiveMessage(held, message, myId), list);
}

/** The send call answered: the temporary message takes the server id (or goes, when it already arrived live). */
export function confirmOutgoing(
  list: ChatMessage[],
  tempId: string,
  saved: { id: number; timestamp: string },
): ChatMessage[] {
  const entry = list.find((held) => held.key === tempId);
  if (!entry || entry.id === saved.id) return list;
  const savedHeld = list.some((held) => held.id === saved.id);
  if (entry.id !== null) {
    // a live copy of another message with the same text took this entry over; ours must still show.
    return savedHeld
      ? list
      : sortMessages([...list, { ...entry, key: `m-${saved.id}`, id: saved.id, timestamp: saved.timestamp }]);
  }
  if (savedHeld) return list.filter((held) => held !== entry);
  return sortMessages(
    list.map((held) =>
      held === entry ? { ...held, id: saved.id, timestamp: saved.timestamp, status: 'sent' as const } : held,
    ),
  );
}

/** The send call failed: the message stays, marked, so it can be sent again. */
export function failOutgoing(list: ChatMessage[], tempId: string): ChatMessage[] {
  return list.map((held) => (held.key === tempId && held.id === null ? { ...held, status: 'failed' as const } : held));
}

/** A failed message is being sent again. */
export function retryOutgoing(list: ChatMessage[], tempId: string): ChatMessage[] {
  return list.map((held) =>
    held.key === tempId && held.status === 'failed' ? { ...held, status: 'pending' as const } : held,
  );
}
