import { chatRoutes, type ChatStatusAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

/** `PUT /api/topic`; the new topic reaches everyone (the caller too) through `topic-updated`. */
export function updateTopic(channel: string, content: string): Promise<ChatStatusAnswer> {
  return api(chatRoutes.updateTopic, { body: { channel: `#${channel}`, content } });
}
