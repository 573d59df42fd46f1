import { actChangesLevel, actRefusal, isLevelAct, type PeaceRefusal } from '@papo/contract/peace';

/** The acts of the ChanServ dialog (members-area §2, plus VOICE and DEVOICE), in the order shown. */
const chanServActions = ['KICK', 'KICKBAN', 'VOICE', 'DEVOICE', 'OP', 'DEOP', 'MASTER', 'DEMASTER'] as const;
export type ChanServAction = (typeof chanServActions)[number];

export interface ChanServOffer {
  /** What the server would allow, leaving out level acts that would change nothing. */
  acts: ChanServAction[];
  /** Why the other acts are missing, each reason once (message keys of the server's refusals). */
  reasons: PeaceRefusal[];
}

/**
 * The acts a member of `actorLevel` is offered on a member of `targetLevel`, by the shared PEACE rule.
 * The server stays the judge: a ban in force or a level changed meanwhile can still refuse.
 */
export function chanServOffer(actorLevel: number, targetLevel: number): ChanServOffer {
  const acts: ChanServAction[] = [];
  const reasons = new Set<PeaceRefusal>();
  for (const act of chanServActions) {
    if (isLevelAct(act) && !actChangesLevel(act, targetLevel)) continue;
    const refusal = actRefusal(act, actorLevel, targetLevel);
    if (refusal) reasons.add(refusal);
    else acts.push(act);
  }
  return { acts, reasons: [...reasons] };
}
