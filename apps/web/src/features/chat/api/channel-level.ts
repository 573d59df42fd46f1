import type { ChannelLevelAnswer, GrantableLevel } from '@papo/contract/chat';
import { apiFetch } from '../../../lib/api';

/** The ChanServ actions that set a level (members-area §7), and voice from the slash commands. */
export const levelActions = { OP: 5, DEOP: 0, MASTER: 10, DEMASTER: 0, VOICE: 3, DEVOICE: 0 } as const satisfies Record<string, GrantableLevel>;
export type LevelAction = keyof typeof levelActions;

/** `POST /api/channel-level`; the target's new level reaches the room through `level-changed`. */
export function setChannelLevel(channel: string, nickname: string, level: GrantableLevel): Promise<ChannelLevelAnswer> {
  return apiFetch<ChannelLevelAnswer>('/api/channel-level', {
    json: { nickname, channel_name: `#${channel}`, new_level: level },
  });
}
