import { chatRoutes } from '@papo/contract/browser-routes/chat';
import type { ChannelLevelAnswer, GrantableLevel } from '@papo/contract/chat';
import { api } from '../../../lib/api';

/** `POST /api/channel-level`; the target's new level reaches the room through `level-changed`. */
export function setChannelLevel(channel: string, nickname: string, level: GrantableLevel): Promise<ChannelLevelAnswer> {
  return api(chatRoutes.channelLevel, { body: { nickname, channel_name: `#${channel}`, new_level: level } });
}
