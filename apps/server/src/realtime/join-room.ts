import type { RoomAck } from '@papo/contract/socket-events';
import { parseRoom, type RoomTarget } from './room-name.js';
import type { PapoSocket } from './socket-types.js';
import type { ChannelEntry, JoinIntent, RealtimeContext } from './types.js';

type Refusal = Extract<RoomAck, { ok: false }>;
type Entry = Omit<ChannelEntry, 'nickname'> & { nickname: string | undefined };

const noLevels: ChannelEntry['levels'] = new Map();

/** The selected nickname; While the database is away the token's username is a truthful name to chat under. */
async function selectedNickname(ctx: RealtimeContext, userId: number): Promise<string | undefined> {
  try {
    return await ctx.nicknames?.selected(userId);
  } catch (error) {
    ctx.warn('selected_nickname_unavailable', error);
    return undefined;
  }
}

/**
 * Whether the socket may enter the room, with the name it chats under and the levels to list. The
 * channel rules read the nickname with the ban and levels, so a channel join costs one query.
 */
async function admit(
  ctx: RealtimeContext,
  socket: PapoSocket,
  target: RoomTarget,
  intent: JoinIntent,
): Promise<Entry | Refusal> {
  if (target.kind === 'channel') {
    if (ctx.channels) return ctx.channels.prepareJoin(socket.data, target.name, intent);
    return { ok: true, nickname: await selectedNickname(ctx, socket.data.userId), levels: noLevels };
  }
  // without a membership checker nobody can prove membership, so nobody joins.
  if (!ctx.conversations) return { ok: false, message: 'not_a_member' };
  const [member, nickname] = await Promise.all([
    ctx.conversations.isMember(socket.data.userId, target.id),
    selectedNickname(ctx, socket.data.userId),
  ]);
  return member ? { ok: true, nickname, levels: noLevels } : { ok: false, message: 'not_a_member' };
}

/**
 * Checks the socket may enter the room, then puts it there under the user's selected nickname: it gets
 * the room's user list (with channel levels) and, when this is the user's first tab there, the room
 * hears of the join.
 */
export async function joinRoom(
  ctx: RealtimeContext,
  socket: PapoSocket,
  value: unknown,
  intent: JoinIntent = { create: false },
): Promise<RoomAck> {
  const target = parseRoom(value);
  if (!target) return { ok: false, message: 'invalid_room' };
  const entry = await admit(ctx, socket, target, intent);
  if (!entry.ok) return entry;
  // the socket may have gone while we waited; joining it now would leave a ghost in the room.
  if (socket.disconnected) return { ok: false, message: 'disconnected' };
  if (entry.nickname) socket.data.username = entry.nickname;
  ctx.presence.enter(socket, target, entry.levels);
  return { ok: true };
}
