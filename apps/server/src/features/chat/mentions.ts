import { rooms } from '@papo/contract/socket-events';
import { userIsInRoom } from '../../realtime/presence.js';
import type { ChatContext } from './context.js';
import { findUsersBySelectedNickname, type Member } from './member-repo.js';

// NOTE: nicknames are made of these characters, so a run of them is a word that can name someone.
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
 * Notifies (type `mention`, message `#channel`) every user present in the channel whose selected
 * nickname the message names, except the sender. NOTE: the message text itself never leaves this
 * function: not into a notification, not into a log line.
 */
export async function notifyMentions(ctx: ChatContext, channel: string, sender: Member, text: string): Promise<void> {
  const candidates = mentionCandidates(text).filter((name) => name !== sender.nickname.toLowerCase());
  const users = await findUsersBySelectedNickname(ctx.db, candidates);
  for (const user of users) {
    if (user.id === sender.id || !(await userIsInRoom(ctx.rt, user.id, rooms.channel(channel)))) continue;
    ctx.notify({ userTo: user.id, type: 'mention', message: `#${channel}` });
  }
}
