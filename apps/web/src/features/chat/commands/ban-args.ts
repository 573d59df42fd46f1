import { chatLimits } from '@papo/contract/chat';
import { banUser } from '../api/ban';
import { durationArg, nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import type { CommandContext } from './types';

export interface BanParams {
  nickname: string;
  /** Minutes; undefined for the server's default (a day), 0 until lifted. */
  durationMinutes?: number;
  reason: string;
}

/** `<nick> [+duration] [reason]`, shared by /ban and /kickban. */
export function parseBanArgs(args: string): BanParams | null {
  const [word, afterNick] = splitFirst(args);
  const nickname = nicknameArg(word);
  if (!nickname) return null;
  const [maybeDuration, afterDuration] = splitFirst(afterNick);
  const durationMinutes = maybeDuration.startsWith('+') ? durationArg(maybeDuration) : undefined;
  if (durationMinutes === null || (durationMinutes ?? 0) > chatLimits.maxBanMinutes) return null;
  const reason = durationMinutes === undefined ? afterNick : afterDuration;
  if ([...reason].length > chatLimits.reason) return null;
  return { nickname, reason, ...(durationMinutes !== undefined ? { durationMinutes } : {}) };
}

export async function runBan(ctx: CommandContext, params: BanParams, kick: boolean): Promise<void> {
  try {
    await banUser({
      channel: ctx.channel,
      nickname: params.nickname,
      reason: params.reason || undefined,
      durationMinutes: params.durationMinutes,
      kick,
    });
  } catch (error) {
    reportFailure(ctx, error);
  }
}
