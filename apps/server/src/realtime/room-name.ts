import { channelNamePattern } from '@papo/contract/channels';
import { rooms } from '@papo/contract/socket-events';

/** A room a client may ask for: its name as the client spells it and the internal room behind it. */
export type RoomTarget =
  | { kind: 'channel'; name: string; client: string; internal: string }
  | { kind: 'conversation'; id: number; client: string; internal: string };

// NOTE: at most 15 digits so every id is a safe integer.
const conversationPattern = /^conversation_([1-9][0-9]{0,14})$/;
// NOTE: a cheap refusal of oversized payloads before any pattern runs; real names are at most 31 characters.
const longestRoomName = 40;

/** Reads `#<channel>` or `conversation_<id>`; anything else (or not a string) is null. */
export function parseRoom(value: unknown): RoomTarget | null {
  if (typeof value !== 'string' || value.length > longestRoomName) return null;
  if (value.startsWith('#')) {
    const name = value.slice(1);
    if (!channelNamePattern.test(name)) return null;
    return { kind: 'channel', name, client: value, internal: rooms.channel(name) };
  }
  const match = conversationPattern.exec(value);
  if (!match) return null;
  const id = Number(match[1]);
  return { kind: 'conversation', id, client: value, internal: rooms.conversation(id) };
}

// NOTE: the prefixes are read from the contract's own builders so the two mappings cannot drift.
const channelPrefix = rooms.channel('');
const conversationPrefix = rooms.conversation(0).slice(0, -1);

/** The client's name for an internal room, or null for rooms clients never join (own socket, own user). */
export function clientRoomName(internal: string): string | null {
  let candidate: string | null = null;
  if (internal.startsWith(channelPrefix)) candidate = `#${internal.slice(channelPrefix.length)}`;
  else if (internal.startsWith(conversationPrefix)) candidate = `conversation_${internal.slice(conversationPrefix.length)}`;
  return candidate !== null && parseRoom(candidate)?.internal === internal ? candidate : null;
}
