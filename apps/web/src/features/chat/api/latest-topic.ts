import { chatRoutes } from '@papo/contract/browser-routes/chat';
import { type LatestTopicAnswer } from '@papo/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TopicData = LatestTopicAnswer['data'];

/** Query key of a channel's topic; `topic-updated` writes into it. Under 'me' so logout drops it. */
export function topicKey(channel: string) {
  return ['me', 'chat', 'topic', channel] as const;
}

/** `POST /api/latest-topic`: the topic and the caller's nickname and level in the channel. */
async function getLatestTopic(channel: string, signal?: AbortSignal): Promise<TopicData> {
  const answer = await api(chatRoutes.latestTopic, { body: { channel: `#${channel}` }, signal });
  return answer.data;
}

export function useLatestTopic(channel: string, enabled: boolean) {
  return useQuery({
    queryKey: topicKey(channel),
    queryFn: ({ signal }) => getLatestTopic(channel, signal),
    enabled,
    retry: 1,
  });
}
