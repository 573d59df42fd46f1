import { rooms } from '@papo/contract/socket-events';
import type { ChannelBanList } from '@papo/contract/channel-bans';
import { liftRefusal, moderationRefusal, topicRefusal } from '@papo/contract/peace';
import { httpError } from '../../lib/http-error.js';
import { kickFromChannel } from '../../realtime/kick.js';
import { userIsInRoom } from '../../realtime/presence.js';
import { deleteBan, findActiveBan, listActiveBans, saveBan } from './ban-repo.js';
import type { ChatContext } from './context.js';
import { confront, standIn, type Confrontation } from './standing.js';

interface Target {
  channel: string;
  nickname: string;
}

/** Resolves and applies PEACE: operators and above, not banned there themselves, act on users below them. */
async function authorise(ctx: ChatContext, actorId: number, input: Target): Promise<Confrontation> {
  const confrontation = await confront(ctx, actorId, input.channel, input.nickname);
  const refusal = moderationRefusal(confrontation.actor.level, confrontation.target.level);
  if (refusal) throw httpError(403, refusal);
  return confrontation;
}

function removeFromRoom(ctx: ChatContext, { channel, actor, target }: Confrontation, reason: string | null): void {
  kickFromChannel(ctx.rt, {
    channel: `#${channel.name}`,
    userId: target.member.id,
    nickname: target.member.nickname,
    by: actor.member.nickname,
    reason,
  });
}

/** KICK: every tab of the target leaves the channel, with a system line naming who kicked and why. */
export async function kickUser(ctx: ChatContext, actorId: number, input: Target & { reason?: string }): Promise<void> {
  const confrontation = await authorise(ctx, actorId, input);
  const { channel, target } = confrontation;
  if (!(await userIsInRoom(ctx.rt, target.member.id, rooms.channel(channel.name))))
    throw httpError(404, 'target_not_in_channel');
  removeFromRoom(ctx, confrontation, input.reason || null);
  ctx.notify({
    userTo: target.member.id,
    type: 'kicked',
    message: `#${channel.name}`,
    by: confrontation.actor.member.nickname,
  });
}

/** Whether the target has a ban in force; 403 `ban_level_too_high` when the actor may not lift (or replace) it. */
async function banInForce(ctx: ChatContext, { channel, actor, target }: Confrontation, now: string): Promise<boolean> {
  const ban = await findActiveBan(ctx.db, channel.id, target.member.id, now);
  if (!ban) return false;
  const refusal = liftRefusal({ id: actor.member.id, level: actor.level }, ban);
  if (refusal) throw httpError(403, refusal);
  return true;
}

/**
 * BAN (and by default KICKBAN): the target cannot join or send until the ban expires or is lifted.
 * Banning again replaces the ban, so only someone who could lift the one in force may.
 * Answers when it expires (null: until lifted).
 */
export async function banUser(
  ctx: ChatContext,
  actorId: number,
  input: Target & { reason?: string; duration_minutes: number; kick: boolean },
): Promise<{ expiresAt: string | null }> {
  const confrontation = await authorise(ctx, actorId, input);
  const { channel, actor, target } = confrontation;
  const now = new Date();
  await banInForce(ctx, confrontation, now.toISOString());
  const reason = input.reason || null;
  const expiresAt =
    input.duration_minutes === 0 ? null : new Date(now.getTime() + input.duration_minutes * 60_000).toISOString();
  const ban = {
    channelId: channel.id,
    userId: target.member.id,
    byUserId: actor.member.id,
    byLevel: actor.level,
    reason,
    expiresAt,
  };
  await saveBan(ctx.db, ban);

  const room = rooms.channel(channel.name);
  ctx.rt.to([room, rooms.user(target.member.id)]).emit('user-banned', {
    channel: `#${channel.name}`,
    userId: target.member.id,
    nickname: target.member.nickname,
    by: actor.member.nickname,
    reason,
    expiresAt,
  });
  if (input.kick && (await userIsInRoom(ctx.rt, target.member.id, room))) removeFromRoom(ctx, confrontation, reason);
  ctx.notify({ userTo: target.member.id, type: 'banned', message: `#${channel.name}`, by: actor.member.nickname });
  return { expiresAt };
}

/**
 * Lifts a ban under PEACE: an operator who outranks the banned user and the ban's rank (or set it), or
 * staff; never the banned user, who has no powers there. 404 `not_banned` when there is no ban in force.
 */
export async function unbanUser(ctx: ChatContext, actorId: number, input: Target): Promise<void> {
  const confrontation = await authorise(ctx, actorId, input);
  const { channel, actor, target } = confrontation;
  const lifting = await banInForce(ctx, confrontation, new Date().toISOString());
  // an expired row goes too, so the table keeps only bans that may still matter.
  await deleteBan(ctx.db, channel.id, target.member.id);
  if (!lifting) throw httpError(404, 'not_banned');
  ctx.rt.to([rooms.channel(channel.name), rooms.user(target.member.id)]).emit('user-unbanned', {
    channel: `#${channel.name}`,
    userId: target.member.id,
    nickname: target.member.nickname,
    by: actor.member.nickname,
  });
}

/**
 * The channel's bans in force, for its operators and above (and staff) who are not banned there themselves: the
 * same rank that may ban sees whom, by whom, why and until when. 403 `not_channel_operator` below it.
 */
export async function listBans(ctx: ChatContext, actorId: number, name: string): Promise<ChannelBanList> {
  const { channel, actor } = await standIn(ctx, actorId, name);
  const refusal = topicRefusal(actor.level);
  if (refusal) throw httpError(403, refusal);
  return { channel: `#${channel.name}`, bans: await listActiveBans(ctx.db, channel.id, new Date().toISOString()) };
}
