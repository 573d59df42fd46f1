import { httpError } from '../../lib/http-error.js';
import { findChannel, type ChannelRecord } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findLevels } from './level-repo.js';
import { findMember, findMemberByName, type Member } from './member-repo.js';
import { effectiveLevel } from './ranks.js';

/** A member and their level in the channel at hand. */
export interface Standing {
  member: Member;
  /** Stored level (0 without a row). */
  stored: number;
  /** What counts for PEACE: staff at the staff level. */
  level: number;
}

/** The channel, the acting member and the member named by `targetName`, each with their level. */
export interface Confrontation {
  channel: ChannelRecord;
  actor: Standing;
  target: Standing;
}

/** Resolves an actor acting on a target in a channel: 404 `channel_not_found` / `user_not_found`. */
export async function confront(ctx: ChatContext, actorId: number, channelName: string, targetName: string): Promise<Confrontation> {
  const [channel, actor, target] = await Promise.all([
    findChannel(ctx.db, channelName),
    findMember(ctx.db, actorId),
    findMemberByName(ctx.db, targetName),
  ]);
  if (!channel) throw httpError(404, 'channel_not_found');
  if (!actor || !target) throw httpError(404, 'user_not_found');
  const levels = await findLevels(ctx.db, channel.id, [actor.id, target.id]);
  const standing = (member: Member): Standing => {
    const stored = levels.get(member.id) ?? 0;
    return { member, stored, level: effectiveLevel(stored, member.roles) };
  };
  return { channel, actor: standing(actor), target: standing(target) };
}
