import { channelNamePattern } from '@papo/contract/channel-names';
import type { OnlineUser } from '@papo/contract/socket-events';
import { channelPath } from '../../../config/paths';
import { pvtPath } from '../../../lib/conversations/pvt-path';

/** Somewhere Ctrl+K can take the member: a channel (open or new), a conversation, or a person to start one with. */
export type Place =
  | { key: string; group: 'channels'; kind: 'channel' | 'new'; label: string; path: string; unread: number }
  | { key: string; group: 'people'; kind: 'conversation'; label: string; path: string; unread: number }
  | { key: string; group: 'people'; kind: 'person'; label: string; userId: number; unread: 0 };

interface SwitcherConversation {
  id: number;
  name: string;
  user: { id: number; name: string };
  unread: number;
}

interface Sources {
  channels: readonly string[];
  conversations: readonly SwitcherConversation[];
  /** Who is in the channel on screen; offered only once something is typed, as a list of everyone would be noise. */
  channelUsers: readonly OnlineUser[];
  selfId: number | null;
}

/**
 * The places whose name holds the typed text (any case): channels first (open ones, then a valid new name to open),
 * then people (the member's conversations, by the other person's names, then people of the channel on screen with
 * whom there is none yet).
 */
export function matchPlaces(query: string, { channels, conversations, channelUsers, selfId }: Sources): Place[] {
  const typed = query.trim().replace(/^[#@]/, '').toLowerCase();
  const holds = (...names: string[]) => names.some((name) => name.toLowerCase().includes(typed));
  const places: Place[] = channels
    .filter((name) => holds(name))
    .map((name) => ({
      key: `c:${name}`,
      group: 'channels',
      kind: 'channel',
      label: `#${name}`,
      path: channelPath(name),
      unread: 0,
    }));
  if (typed && channelNamePattern.test(typed) && !channels.includes(typed)) {
    places.push({
      key: `n:${typed}`,
      group: 'channels',
      kind: 'new',
      label: `#${typed}`,
      path: channelPath(typed),
      unread: 0,
    });
  }
  for (const conversation of conversations) {
    if (!holds(conversation.name, conversation.user.name)) continue;
    places.push({
      key: `p:${conversation.id}`,
      group: 'people',
      kind: 'conversation',
      label: conversation.name,
      path: pvtPath(conversation.id),
      unread: conversation.unread,
    });
  }
  if (!typed) return places;
  const talkingWith = new Set(conversations.map((conversation) => conversation.user.id));
  for (const user of channelUsers) {
    if (user.id === selfId || talkingWith.has(user.id) || !holds(user.nickname)) continue;
    places.push({
      key: `u:${user.id}`,
      group: 'people',
      kind: 'person',
      label: user.nickname,
      userId: user.id,
      unread: 0,
    });
  }
  return places;
}
