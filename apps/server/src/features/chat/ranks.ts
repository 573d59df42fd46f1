import { isStaff } from '@papo/contract/auth';
import { staffLevel } from '@papo/contract/chat';

/** A user's level in a channel: staff rank above every founder (contract `staffLevel`). */
export function effectiveLevel(storedLevel: number | undefined, roles: readonly string[]): number {
  return isStaff(roles) ? staffLevel : (storedLevel ?? 0);
}
