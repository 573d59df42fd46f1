import { clientRooms, roomPayload, rooms } from '@papo/contract/socket-events';

/** A room a client may ask for: its name as the client spells it and the internal room behind it. */
export type RoomTarget =
  | { kind: 'channel'; name: string; client: string; internal: string }
  | { kind: 'conversation'; id: number; client: string; internal: string };

/** Reads `#<channel>` or `conversation_<id>` with the contract's `roomPayload`; anything else is null. */
export function parseRoom(value: unknown): RoomTarget | null {
  const parsed = roomPayload.safeParse(value);
  if (!parsed.success) return null;
  const room = parsed.data;
  if (room.startsWith('#')) {
    const name = room.slice(1);
    return { kind: 'channel', name, client: room, internal: rooms.channel(name) };
  }
  const id = Number(room.slice(conversationClientPrefix.length));
  return { kind: 'conversation', id, client: room, internal: rooms.conversation(id) };
}

// the prefixes are read from the contract's own builders so the two mappings cannot drift.
const channelPrefix = rooms.channel('');
const conversationPrefix = rooms.conversation(0).slice(0, -1);
const conversationClientPrefix = clientRooms.conversation(0).slice(0, -1);

/** The client's name for an internal room, or null for rooms clients never join (own socket, own user). */
export function clientRoomName(internal: string): string | null {
  let candidate: string | null = null;
  if (internal.startsWith(channelPrefix)) candidate = clientRooms.channel(internal.slice(channelPrefix.length));
  else if (internal.startsWith(conversationPrefix))
    candidate = clientRooms.conversation(Number(internal.slice(conversationPrefix.length)));
  return candidate !== null && parseRoom(candidate)?.internal === internal ? candidate : null;
}
