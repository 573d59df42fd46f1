import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { ChatStatusAnswer } from '@papo/contract/chat';
import { api } from '../../../lib/api';

/**
 * What `PUT /api/topic` answers, as its callers read it: the spec's client checks `status` before `message`, so the
 * type leaves room for a status other than the schema's `success` (a refusal comes as a 4xx, thrown by `api`).
 */
export interface TopicAnswer {
  status: string;
  message: string;
}

/** `PUT /api/topic`; the new topic reaches everyone (the caller too) through `topic-updated`. */
export function updateTopic(channel: string, content: string): Promise<TopicAnswer | ChatStatusAnswer> {
  return api(chatRoutes.updateTopic, { body: { channel: `#${channel}`, content } });
}
