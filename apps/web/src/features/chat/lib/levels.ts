import { channelLevels } from '@papo/contract/channels';
import { staffLevel } from '@papo/contract/chat';
import { rankName, type RankName } from '@papo/contract/peace';

/** The six steps of the Your level timeline (members-area §2, §4), lowest first. */
export const levelSteps = ['user', 'nickname', 'voiced', 'operator', 'master', 'founder'] as const;

/** The step a member stands on: level 0 with a nickname counts as the intermediate step. */
export function levelStepIndex(level: number, hasNickname: boolean): number {
  if (level >= channelLevels.founder) return 5;
  if (level >= channelLevels.master) return 4;
  if (level >= channelLevels.operator) return 3;
  if (level >= channelLevels.voiced) return 2;
  return hasNickname ? 1 : 0;
}

/** Staff rank above every founder; the panel says so instead of naming a channel level. */
export function isStaffLevel(level: number): boolean {
  return level >= staffLevel;
}

/** The name of a level, for texts like "bia is now an operator" (key under `levels.names`). */
export const levelName = rankName;

/** The text key of ChanServ's answer when a member already has the level asked for (`{nickname}`, `{channel}`). */
export function alreadyAtLevel(level: number): `chanserv.already.${RankName}` {
  return `chanserv.already.${levelName(level)}`;
}
