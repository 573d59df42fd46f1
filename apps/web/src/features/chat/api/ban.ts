import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { BanAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

export interface BanInput {
  channel: string;
  nickname: string;
  reason?: string;
  /** Minutes; the server's default (a day) when absent, 0 until lifted. */
  durationMinutes?: number;
  /** KICKBAN when true (the server's default); IRC's plain `/ban` leaves the target in the room. */
  kick: boolean;
}

/** `POST /api/ban`: the target cannot join or send until the ban ends or is lifted. */
export function banUser({ channel, nickname, reason, durationMinutes, kick }: BanInput): Promise<BanAnswer> {
  return api(chatRoutes.ban, {
    body: {
      channel: `#${channel}`,
      nickname,
      kick,
      ...(reason ? { reason } : {}),
      ...(durationMinutes !== undefined ? { duration_minutes: durationMinutes } : {}),
    },
  });
}
