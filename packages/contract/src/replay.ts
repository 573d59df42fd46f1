import { z } from 'zod';
import { channelNamePattern } from './channel-names.js';

/**
 * What each node keeps of a channel in memory to replay a short drop: the lines of the last two minutes, at most
 * a few hundred per channel. Never written anywhere (chats are not stored: decision 036).
 */
export const replayLimits = { windowMs: 120_000, maxLines: 300 } as const;

/**
 * The payload of the `replay` socket event: a channel the socket is in again after a reconnect, and the id of the
 * last `new-message` it saw there (none: it saw nothing yet).
 */
export const replayPayload = z.object(
  {
    room: z
      .string({ error: 'invalid_room' })
      .max(40, 'invalid_room')
      .refine((room) => room.startsWith('#') && channelNamePattern.test(room.slice(1)), 'invalid_room'),
    after: z.string({ error: 'invalid_room' }).max(64, 'invalid_room').optional(),
  },
  { error: 'invalid_room' },
);
export type ReplayPayload = z.input<typeof replayPayload>;
