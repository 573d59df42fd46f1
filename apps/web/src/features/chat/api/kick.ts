import type { ChatStatusAnswer } from '@papo/contract/chat';
import { apiFetch } from '../../../lib/api';

/** `POST /api/kick`: the target's tabs leave the channel; the room sees who kicked and why. */
export function kickUser(channel: string, nickname: string, reason?: string): Promise<ChatStatusAnswer> {
  return apiFetch<ChatStatusAnswer>('/api/kick', {
    json: { channel: `#${channel}`, nickname, ...(reason ? { reason } : {}) },
  });
}
