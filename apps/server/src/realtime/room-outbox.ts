import { Sender } from 'ws';
import type { ChannelMessage } from '@papo/contract/socket-events';
import { NodeMember, type Heard } from './node-member.js';
import type { ChannelMessageBatch, PapoServer } from './socket-types.js';

declare module 'ws' {
  /**
   * ws's own framing (what Socket.IO's adapter uses for a broadcast); not in @types/ws. Imported by name: the
   * default export has it only once something has loaded ws through `require`, and a module graph shared by test
   * files could load this one first.
   */
  export const Sender: {
    frame(
      data: Buffer,
      options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
    ): Buffer[];
  };
}

/**
 * Channel messages accepted within one turn of the event loop, broadcast together at its end (decision 022).
 * a broadcast costs one write system call per member socket, and that call, not Papo's own work, is
 * most of a delivery's CPU (and each write wakes the client to read). So the messages of one turn to one
 * room are encoded once into a single buffer of WebSocket frames, written to each member socket in one
 * call; a quiet room's message waits only for the end of the turn, and a busy node, which reads many
 * requests in a turn, sends them together. Anything else told to a room goes through
 * `RealtimeContext.to`, which sends what is held here first, so no event overtakes a message.
 */
export class RoomOutbox {
  private pending = new Map<string, ChannelMessage[]>();
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly io: PapoServer,
    /** Set with Redis: the other nodes get each batch through the adapter and deliver it themselves. */
    private readonly shared: boolean,
    private readonly failed: (error: unknown) => void,
  ) {
    if (shared) io.on('channel-messages', (batch) => this.deliverFromNode(batch));
  }

  /** Broadcasts `new-message` to the room at the end of this turn, after what was queued before it. */
  message(room: string, message: ChannelMessage): void {
    const queue = this.pending.get(room);
    if (queue) queue.push(message);
    else this.pending.set(room, [message]);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Broadcasts everything held back now, each room's messages in the order they came. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.pending.size === 0) return;
    const pending = this.pending;
    this.pending = new Map();
    for (const [room, messages] of pending) {
      try {
        if (this.shared) this.io.serverSideEmit('channel-messages', { room, messages });
        this.deliver(room, messages);
      } catch (error) {
        // one room whose broadcast throws (an adapter fault) must not hold back the other rooms.
        this.failed(error);
      }
    }
  }

  private deliverFromNode(batch: ChannelMessageBatch): void {
    if (typeof batch?.room !== 'string' || !Array.isArray(batch.messages) || batch.messages.length === 0) return;
    // after what this node holds back, so messages already queued here keep their place.
    this.flush();
    this.deliver(batch.room, batch.messages);
  }

  /**
   * Writes the messages to this node's sockets in the room, one write per WebSocket member, and hands them as they
   * are to its in-process members (IRC links), which format them once per kind of client.
   */
  private deliver(room: string, messages: ChannelMessage[]): void {
    const [only] = messages;
    if (only && messages.length === 1) {
      this.io.local.to(room).emit('new-message', only);
      return;
    }
    const packets = messages.map((message) => this.encode(message));
    writeToMembers(
      this.io,
      room,
      packets,
      undefined,
      messages.map((message): Heard => ['new-message', message]),
    );
  }

  /** One `new-message` event as Socket.IO encodes it for the main namespace. */
  private encode(message: ChannelMessage): string {
    const [encoded]: unknown[] = this.io.encoder.encode({ type: 2, nsp: '/', data: ['new-message', message] });
    if (typeof encoded !== 'string') throw new Error('a channel message encodes as text');
    return encoded;
  }
}

/**
 * Writes main-namespace packets, already encoded as Socket.IO's encoder writes them, to this node's sockets
 * in the room (all but `skip`): framed once for every WebSocket member and written to each in one call, one
 * packet per write for a member on long-polling. An in-process member (`NodeMember`) is handed `decoded`, the
 * packets' events before encoding, when given. Answers how many sockets were written to.
 */
export function writeToMembers(
  io: PapoServer,
  room: string,
  packets: readonly string[],
  skip?: ReadonlyMap<string, unknown>,
  decoded?: readonly Heard[],
): number {
  const members = io.of('/').adapter.rooms.get(room);
  const [first] = packets;
  if (!members || members.size === 0 || first === undefined) return 0;
  let frames: Buffer | undefined;
  let written = 0;
  const sockets = io.of('/').sockets;
  for (const id of members) {
    if (skip?.has(id)) continue;
    const socket: unknown = sockets.get(id);
    if (decoded && socket instanceof NodeMember) {
      written += 1;
      for (const heard of decoded) socket.hearDecoded(heard);
      continue;
    }
    const conn = sockets.get(id)?.conn;
    if (!conn) continue;
    written += 1;
    const { transport } = conn;
    // engine.io writes a pre-encoded frame as it is; `first` is what it would send otherwise.
    if (transport.name === 'websocket' && !('perMessageDeflate' in transport && transport.perMessageDeflate)) {
      frames ??= Buffer.concat(
        packets.flatMap((packet) =>
          Sender.frame(Buffer.from(`4${packet}`), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }),
        ),
      );
      // `wsPreEncodedFrame` is engine.io's internal option (as in Socket.IO's adapter), beside its typed `compress`,
      // which engine.io sets to true when absent.
      const options = { compress: true, wsPreEncodedFrame: [frames] };
      conn.write(first, options);
    } else for (const packet of packets) conn.write(packet);
  }
  return written;
}
