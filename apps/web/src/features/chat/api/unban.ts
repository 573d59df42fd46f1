import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { ChatStatusAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

/** `POST /api/unban`: lifts a ban in force (404 `not_banned` otherwise). */
export function unbanUser(channel: string, nickname: string): Promise<ChatStatusAnswer> {
  return api(chatRoutes.unban, { body: { channel: `#${channel}`, nickname } });
}
