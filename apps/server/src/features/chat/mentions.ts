import { rooms } from '@papo/contract/socket-events';
import { userSeesRoom } from '../../realtime/presence.js';
import type { ChatContext } from './context.js';
import type { Member } from '../users/index.js';

// nicknames are made of these characters, so a run of them is a word that can name someone.
const word = /[A-Za-z0-9_-]{2,}/g;
const longestNickname = 30;
const mostCandidates = 100;

/** The distinct lower-cased words of a message that could be nicknames (word-boundary, case-insensitive). */
export function mentionCandidates(text: string): string[] {
  const names = new Set<string>();
  for (const [candidate] of text.matchAll(word)) {
    if (candidate.length <= longestNickname) names.add(candidate.toLowerCase());
    if (names.size >= mostCandidates) break;
  }
  return [...names];
}

/**
 * Notifies (type `mention`, message `#channel`, by the sender's nickname) every user present in the channel whose selected
 * nickname the message names, except the sender and those looking at the channel (a shown tab with it on screen, on
 * any node): they read the line where it arrives, so neither the bell nor a push tells them again. Presence
 * knows who is in the room under which name, so a message costs no database query to find them. The message text
 * itself never leaves this function: not into a notification, not into a log line.
 */
export async function notifyMentions(ctx: ChatContext, channel: string, sender: Member, text: string): Promise<void> {
  const candidates = new Set(mentionCandidates(text));
  candidates.delete(sender.nickname.toLowerCase());
  if (candidates.size === 0) return;
  const room = rooms.channel(channel);
  const named = [...ctx.rt.presence.usersNamed(room, candidates)].filter((userId) => userId !== sender.id);
  const looking = await Promise.all(named.map((userId) => userSeesRoom(ctx.rt, userId, room)));
  named.forEach((userId, at) => {
    if (!looking[at])
      ctx.notify({
        userTo: userId,
        type: 'mention',
        message: `#${channel}`,
        by: sender.nickname,
        about: { by: sender.nickname },
      });
  });
}
