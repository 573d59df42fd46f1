import { channelLevels } from './channels.js';
import { operatorLevel, staffLevel, type GrantableLevel } from './chat.js';
import type { MessageKey } from './message-keys.js';

/*
 * Anope's PEACE (decision 008), one rule for both sides: the server refuses with these keys,
 * and the web offers only the acts they allow. Levels here are effective levels: staff count as
 * `staffLevel` in every channel, and a member banned from the channel has no powers there at all
 * (the server answers `banned` before asking this rule; `latest-topic` reports level 0 meanwhile).
 */

/** Why PEACE refuses an act; each is a message key the server answers with 403. */
export type PeaceRefusal = Extract<
  MessageKey,
  'not_channel_operator' | 'target_level_too_high' | 'level_too_high' | 'ban_level_too_high'
>;

/** Acts on a member of a channel: removal (KICK, KICKBAN, BAN, UNBAN) and the level changes. */
export const memberActs = [
  'KICK',
  'KICKBAN',
  'BAN',
  'UNBAN',
  'VOICE',
  'DEVOICE',
  'OP',
  'DEOP',
  'MASTER',
  'DEMASTER',
  'FOUNDER',
] as const;
export type MemberAct = (typeof memberActs)[number];

/** The level each level-changing act sets (`POST /api/channel-level`'s `new_level`). */
export const actLevels = {
  VOICE: channelLevels.voiced,
  DEVOICE: channelLevels.user,
  OP: channelLevels.operator,
  DEOP: channelLevels.user,
  MASTER: channelLevels.master,
  DEMASTER: channelLevels.user,
  FOUNDER: channelLevels.founder,
} as const satisfies Record<string, GrantableLevel>;
export type LevelAct = keyof typeof actLevels;

export function isLevelAct(act: MemberAct): act is LevelAct {
  return act in actLevels;
}

/** KICK and BAN: only operators and above act, and nobody acts on a member of equal or higher level (staff on staff neither). */
export function moderationRefusal(actorLevel: number, targetLevel: number): PeaceRefusal | null {
  if (actorLevel < operatorLevel) return 'not_channel_operator';
  if (targetLevel >= actorLevel) return 'target_level_too_high';
  return null;
}

/** Level changes: as for KICK, and nobody grants a level equal to or above their own (so founders are named by staff only). */
export function levelChangeRefusal(actorLevel: number, targetLevel: number, newLevel: number): PeaceRefusal | null {
  const refusal = moderationRefusal(actorLevel, targetLevel);
  if (refusal) return refusal;
  if (newLevel >= actorLevel) return 'level_too_high';
  return null;
}

/**
 * A ban already in force, before lifting or replacing it: its setter, someone who outranks the rank it
 * was set with, or staff (so a staff ban only by staff).
 */
export function liftRefusal(
  actor: { id: number; level: number },
  ban: { byUserId: number | null; byLevel: number },
): PeaceRefusal | null {
  if (actor.level >= staffLevel || ban.byUserId === actor.id || actor.level > ban.byLevel) return null;
  return 'ban_level_too_high';
}

/** The topic: operators and above (and staff) set it. */
export function topicRefusal(actorLevel: number): PeaceRefusal | null {
  return actorLevel < operatorLevel ? 'not_channel_operator' : null;
}

/**
 * What PEACE answers for one act by a member of `actorLevel` on a member of `targetLevel`, as the
 * server decides before looking at bans in force (an UNBAN or a new BAN may still meet `ban_level_too_high`).
 */
export function actRefusal(act: MemberAct, actorLevel: number, targetLevel: number): PeaceRefusal | null {
  return isLevelAct(act)
    ? levelChangeRefusal(actorLevel, targetLevel, actLevels[act])
    : moderationRefusal(actorLevel, targetLevel);
}

/**
 * Whether a level act would change anything for a member now at `targetLevel`: granting the level they
 * hold, or taking away a rank they do not hold (DEOP of a voiced member, DEMASTER of an operator), is
 * not offered, although the server answers such a call with success and changes nothing.
 */
export function actChangesLevel(act: LevelAct, targetLevel: number): boolean {
  switch (act) {
    case 'DEVOICE':
      return targetLevel >= channelLevels.voiced && targetLevel < channelLevels.operator;
    case 'DEOP':
      return targetLevel >= channelLevels.operator && targetLevel < channelLevels.master;
    case 'DEMASTER':
      return targetLevel >= channelLevels.master && targetLevel < channelLevels.founder;
    default:
      return targetLevel !== actLevels[act];
  }
}

/** The name of a rank: `user` below voiced, `staff` at the staff level (translation keys `levels.names.*`). */
export const rankNames = ['user', 'voiced', 'operator', 'master', 'founder', 'staff'] as const;
export type RankName = (typeof rankNames)[number];

export function rankName(level: number): RankName {
  if (level >= staffLevel) return 'staff';
  if (level >= channelLevels.founder) return 'founder';
  if (level >= channelLevels.master) return 'master';
  if (level >= channelLevels.operator) return 'operator';
  if (level >= channelLevels.voiced) return 'voiced';
  return 'user';
}

/**
 * The notification a member gets when their level in a channel changes: one type per new rank
 * (`channel_level_operator`), so the text says which; its message is `#channel`. Older rows carry
 * `channel_level_changed`, without the rank.
 */
export function levelNotificationType(level: number): `channel_level_${RankName}` {
  return `channel_level_${rankName(level)}`;
}
