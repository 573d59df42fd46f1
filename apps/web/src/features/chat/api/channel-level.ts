import type { ChannelLevelAnswer, GrantableLevel } from '@papo/contract/chat';
import { apiFetch } from '../../../lib/api';

/** `POST /api/channel-level`; the target's new level reaches the room through `level-changed`. */
export function setChannelLevel(channel: string, nickname: string, level: GrantableLevel): Promise<ChannelLevelAnswer> {
  return apiFetch<ChannelLevelAnswer>('/api/channel-level', {
    json: { nickname, channel_name: `#${channel}`, new_level: level },
  });
}
