import { rooms } from '@papo/contract/socket-events';
import { fetchRoomSockets } from './presence.js';
import { clientRoomName } from './room-name.js';
import type { NicknameAnnouncement, RealtimeContext } from './types.js';

/**
 * Gives the user's sockets on this node their new nickname (later joins read it from
 * `socket.data.username`) and the presence lists of this node the new name.
 */
function renameLocalSockets({ io, presence }: RealtimeContext, userId: number, nickname: string): void {
  presence.rename(userId, nickname);
  const ids = io.of('/').adapter.rooms.get(rooms.user(userId)) ?? new Set<string>();
  for (const id of ids) {
    const socket = io.of('/').sockets.get(id);
    if (socket && socket.data.userId === userId) socket.data.username = nickname;
  }
}

/** Lets every node rename its own sockets of a user when another node tells it to. */
export function listenForRenames(ctx: RealtimeContext): void {
  ctx.io.on('nickname-selected', (payload) => {
    if (Number.isInteger(payload?.userId) && typeof payload?.nickname === 'string') {
      renameLocalSockets(ctx, payload.userId, payload.nickname);
    }
  });
}

/** Tells the other nodes; a single node (or one cut off from Redis) has nobody to tell. */
async function renameOnOtherNodes(ctx: RealtimeContext, userId: number, nickname: string): Promise<void> {
  try {
    // the in-memory adapter of a lone node warns on serverSideEmit, so only a cluster is told.
    if ((await ctx.io.of('/').adapter.serverCount()) > 1)
      ctx.io.serverSideEmit('nickname-selected', { userId, nickname });
  } catch (error) {
    ctx.warn('nickname_rename_not_shared', error);
  }
}

/**
 * Renames the user's sockets on every node, then tells every channel room the user is in:
 * `nickname-changed` for the user lists and `user-changed-nickname` for the system line. A socket
 * in several of those rooms gets each event once (the payloads name no room).
 */
export async function announceNicknameChange(ctx: RealtimeContext, change: NicknameAnnouncement): Promise<void> {
  renameLocalSockets(ctx, change.userId, change.newNickname);
  await renameOnOtherNodes(ctx, change.userId, change.newNickname);

  const sockets = await fetchRoomSockets(ctx, rooms.user(change.userId));
  const channelRooms = new Set<string>();
  for (const socket of sockets) {
    for (const room of socket.rooms) if (clientRoomName(room)?.startsWith('#')) channelRooms.add(room);
  }
  if (channelRooms.size === 0) return;
  const targets = [...channelRooms];
  ctx.to(targets).emit('nickname-changed', { id: change.userId, nickname: change.newNickname });
  ctx.to(targets).emit('user-changed-nickname', {
    message: 'nickname_changed',
    oldNickname: change.oldNickname,
    newNickname: change.newNickname,
  });
}
