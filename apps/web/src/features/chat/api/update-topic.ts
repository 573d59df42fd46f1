import type { ChatStatusAnswer } from '@papo/contract/chat';
import { apiFetch } from '../../../lib/api';

/** What `PUT /api/topic` answers: the spec's client reads `status` and `message`. */
export interface TopicAnswer {
  status: string;
  message: string;
}

/** `PUT /api/topic`; the new topic reaches everyone (the caller too) through `topic-updated`. */
export function updateTopic(channel: string, content: string): Promise<TopicAnswer | ChatStatusAnswer> {
  return apiFetch<TopicAnswer>('/api/topic', { method: 'PUT', json: { channel: `#${channel}`, content } });
}
