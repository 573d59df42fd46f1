import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { ChatStatusAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

/** `POST /api/kick`: the target's tabs leave the channel; the room sees who kicked and why. */
export function kickUser(channel: string, nickname: string, reason?: string): Promise<ChatStatusAnswer> {
  return api(chatRoutes.kick, { body: { channel: `#${channel}`, nickname, ...(reason ? { reason } : {}) } });
}
