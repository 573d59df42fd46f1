import type { MemberAct } from './peace.js';

/*
 * PEACE written out cell by cell, by hand (not computed from the rule), for the tests on both sides:
 * the contract test checks the rule against it, the web tests check that the ChanServ dialog, the
 * user menu and the topic dialog offer exactly what it allows. The server's `levels.test.ts` holds
 * the same level matrix against the real calls.
 */

/** Effective levels: user, voiced, operator, master, founder, staff. */
export const peaceRanks = [0, 3, 5, 10, 100, 1000] as const;
export type PeaceRank = (typeof peaceRanks)[number];

/** y allowed, o `not_channel_operator`, t `target_level_too_high`, l `level_too_high`. */
export const peaceOutcomes = {
  y: null,
  o: 'not_channel_operator',
  t: 'target_level_too_high',
  l: 'level_too_high',
} as const;
type Letter = keyof typeof peaceOutcomes;

/** KICK, KICKBAN, BAN, UNBAN: actor → target → letter. */
const removal: Record<PeaceRank, Record<PeaceRank, Letter>> = {
  0: { 0: 'o', 3: 'o', 5: 'o', 10: 'o', 100: 'o', 1000: 'o' },
  3: { 0: 'o', 3: 'o', 5: 'o', 10: 'o', 100: 'o', 1000: 'o' },
  5: { 0: 'y', 3: 'y', 5: 't', 10: 't', 100: 't', 1000: 't' },
  10: { 0: 'y', 3: 'y', 5: 'y', 10: 't', 100: 't', 1000: 't' },
  100: { 0: 'y', 3: 'y', 5: 'y', 10: 'y', 100: 't', 1000: 't' },
  1000: { 0: 'y', 3: 'y', 5: 'y', 10: 'y', 100: 'y', 1000: 't' },
};

/** Level changes: actor → target → one letter per new level 0, 3, 5, 10, 100. */
const levels: Record<PeaceRank, Record<PeaceRank, string>> = {
  0: { 0: 'ooooo', 3: 'ooooo', 5: 'ooooo', 10: 'ooooo', 100: 'ooooo', 1000: 'ooooo' },
  3: { 0: 'ooooo', 3: 'ooooo', 5: 'ooooo', 10: 'ooooo', 100: 'ooooo', 1000: 'ooooo' },
  5: { 0: 'yylll', 3: 'yylll', 5: 'ttttt', 10: 'ttttt', 100: 'ttttt', 1000: 'ttttt' },
  10: { 0: 'yyyll', 3: 'yyyll', 5: 'yyyll', 10: 'ttttt', 100: 'ttttt', 1000: 'ttttt' },
  100: { 0: 'yyyyl', 3: 'yyyyl', 5: 'yyyyl', 10: 'yyyyl', 100: 'ttttt', 1000: 'ttttt' },
  1000: { 0: 'yyyyy', 3: 'yyyyy', 5: 'yyyyy', 10: 'yyyyy', 100: 'yyyyy', 1000: 'ttttt' },
};

const newLevelIndex = { DEVOICE: 0, DEOP: 0, DEMASTER: 0, VOICE: 1, OP: 2, MASTER: 3, FOUNDER: 4 } as const;

/** The outcome PEACE gives an act of `actor` on `target`: null when allowed, else the refusal's key. */
export function peaceTableOutcome(act: MemberAct, actor: PeaceRank, target: PeaceRank): (typeof peaceOutcomes)[Letter] {
  const letter =
    act in newLevelIndex
      ? levels[actor][target][newLevelIndex[act as keyof typeof newLevelIndex]]
      : removal[actor][target];
  return peaceOutcomes[letter as Letter];
}

/** Topic: actor → letter. */
export const topicTable: Record<PeaceRank, Letter> = { 0: 'o', 3: 'o', 5: 'y', 10: 'y', 100: 'y', 1000: 'y' };
