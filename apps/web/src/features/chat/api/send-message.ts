import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { SendMessageAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

export interface SendMessageInput {
  /** Channel name without '#'. */
  channel: string;
  /** The spec's client sends its nickname; the server uses its own record of it. */
  username: string;
  text: string;
  /** A `/me` action. */
  action?: boolean;
}

/** `POST /api/send-message`; the line itself arrives through the room's `new-message`, like everyone else's. */
export function sendMessage({ channel, username, text, action }: SendMessageInput): Promise<SendMessageAnswer> {
  return api(chatRoutes.sendMessage, {
    body: { channel: `#${channel}`, username, text, ...(action ? { action: true } : {}) },
  });
}
