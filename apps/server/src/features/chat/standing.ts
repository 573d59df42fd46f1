import { httpError } from '../../lib/http-error.js';
import { isBanned } from './ban-repo.js';
import { findChannel, type ChannelRecord } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { findLevels } from './level-repo.js';
import { findMember, findMemberByName, type Member } from '../users/index.js';
import { effectiveLevel } from './ranks.js';

/** A member and their level in the channel at hand. */
interface Standing {
  member: Member;
  /** Stored level (0 without a row). */
  stored: number;
  /** What counts for PEACE: staff at the staff level. */
  level: number;
}

/** The channel and the member acting in it, who is not banned there. */
export interface Actor {
  channel: ChannelRecord;
  actor: Standing;
}

/** The channel, the acting member and the member named by `targetName`, each with their level. */
export interface Confrontation extends Actor {
  target: Standing;
}

function standingOf(member: Member, levels: Map<number, number>): Standing {
  const stored = levels.get(member.id) ?? 0;
  return { member, stored, level: effectiveLevel(stored, member.roles) };
}

/**
 * Every moderation act starts here. 404 `channel_not_found` / `user_not_found`; 403 `banned` when the
 * actor is banned from the channel: a ban takes every power there away, whatever the stored level.
 */
async function resolve(ctx: ChatContext, actorId: number, channelName: string, targetName?: string) {
  const [channel, actor, target] = await Promise.all([
    findChannel(ctx.db, channelName),
    findMember(ctx.db, actorId),
    targetName === undefined ? undefined : findMemberByName(ctx.db, targetName),
  ]);
  if (!channel) throw httpError(404, 'channel_not_found');
  if (!actor || (targetName !== undefined && !target)) throw httpError(404, 'user_not_found');
  const [levels, banned] = await Promise.all([
    findLevels(ctx.db, channel.id, target ? [actor.id, target.id] : [actor.id]),
    isBanned(ctx.db, channel.id, actor.id, new Date().toISOString()),
  ]);
  if (banned) throw httpError(403, 'banned');
  return { channel, actor: standingOf(actor, levels), target: target && standingOf(target, levels) };
}

/** Resolves a member about to act in a channel (the topic). */
export async function standIn(ctx: ChatContext, actorId: number, channelName: string): Promise<Actor> {
  const { channel, actor } = await resolve(ctx, actorId, channelName);
  return { channel, actor };
}

/** Resolves an actor acting on a target in a channel (levels, kick, ban, unban). */
export async function confront(
  ctx: ChatContext,
  actorId: number,
  channelName: string,
  targetName: string,
): Promise<Confrontation> {
  const { channel, actor, target } = await resolve(ctx, actorId, channelName, targetName);
  if (!target) throw httpError(404, 'user_not_found');
  return { channel, actor, target };
}
