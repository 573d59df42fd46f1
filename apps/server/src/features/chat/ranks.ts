import { isStaff } from '@papo/contract/auth';
import { operatorLevel, staffLevel } from '@papo/contract/chat';
import type { MessageKey } from '@papo/contract/message-keys';

/** A user's level in a channel: staff rank above every founder (contract `staffLevel`). */
export function effectiveLevel(storedLevel: number | undefined, roles: readonly string[]): number {
  return isStaff(roles) ? staffLevel : (storedLevel ?? 0);
}

/**
 * Anope's PEACE for KICK and BAN: only operators and above act, and nobody acts on a user of equal
 * or higher level. Answers the refusal's message key, or null when the action is allowed.
 */
export function moderationRefusal(actorLevel: number, targetLevel: number): MessageKey | null {
  if (actorLevel < operatorLevel) return 'not_channel_operator';
  if (targetLevel >= actorLevel) return 'target_level_too_high';
  return null;
}

/**
 * PEACE for a ban already in force, before lifting or replacing it: its setter, someone who outranks
 * the rank it was set with, or staff (so a staff ban only by staff).
 */
export function liftRefusal(actor: { id: number; level: number }, ban: { byUserId: number | null; byLevel: number }): MessageKey | null {
  if (actor.level >= staffLevel || ban.byUserId === actor.id || actor.level > ban.byLevel) return null;
  return 'ban_level_too_high';
}

/** PEACE for level changes: as for KICK, and nobody grants a level equal to or above their own. */
export function levelChangeRefusal(actorLevel: number, targetLevel: number, newLevel: number): MessageKey | null {
  const refusal = moderationRefusal(actorLevel, targetLevel);
  if (refusal) return refusal;
  if (newLevel >= actorLevel) return 'level_too_high';
  return null;
}
