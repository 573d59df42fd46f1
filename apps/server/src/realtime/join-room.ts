import type { RoomAck } from '@papo/contract/socket-events';
import { presenceOf } from './presence.js';
import type { LevelMap } from './room-presence.js';
import { parseRoom, type RoomTarget } from './room-name.js';
import type { PapoSocket, RealtimeContext } from './types.js';

async function mayJoin(ctx: RealtimeContext, socket: PapoSocket, target: RoomTarget): Promise<RoomAck> {
  if (target.kind === 'channel') return ctx.channels ? ctx.channels.prepareJoin(socket.data, target.name) : { ok: true };
  // NOTE: without a membership checker nobody can prove membership, so nobody joins.
  if (!ctx.conversations) return { ok: false, message: 'not_a_member' };
  const member = await ctx.conversations.isMember(socket.data.userId, target.id);
  return member ? { ok: true } : { ok: false, message: 'not_a_member' };
}

/** Channel levels of the users about to be listed; NOTE: a failed lookup shows them at 0 rather than failing the join. */
async function levelsFor(ctx: RealtimeContext, target: RoomTarget): Promise<LevelMap> {
  if (target.kind !== 'channel' || !ctx.channels) return new Map();
  try {
    return await ctx.channels.levelsOf(target.name);
  } catch (error) {
    ctx.warn('channel_levels_unavailable', error);
    return new Map();
  }
}

/**
 * Checks the socket may enter the room, then puts it there: it gets the room's user list (with
 * channel levels) and, when this is the user's first tab there, the room hears of the join.
 */
export async function joinRoom(ctx: RealtimeContext, socket: PapoSocket, value: unknown): Promise<RoomAck> {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  const allowed = await mayJoin(ctx, socket, target);
  if (!allowed.ok) return allowed;
  const levels = await levelsFor(ctx, target);
  // NOTE: the socket may have gone while we waited; joining it now would leave a ghost in the room.
  if (socket.disconnected) return { ok: false, message: 'disconnected' };
  presenceOf(ctx.io).enter(socket, target, levels);
  return { ok: true };
}
