import type { ChatStatusAnswer } from '@papo/contract/chat';
import { apiFetch } from '../../../lib/api';

/** `POST /api/unban`: lifts a ban in force (404 `not_banned` otherwise). */
export function unbanUser(channel: string, nickname: string): Promise<ChatStatusAnswer> {
  return apiFetch<ChatStatusAnswer>('/api/unban', { json: { channel: `#${channel}`, nickname } });
}
