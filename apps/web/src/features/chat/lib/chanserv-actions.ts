import { actLevels } from '@papo/contract/peace';
import type { TFunction } from 'i18next';
import { ApiError, messageText } from '../../../lib/api';
import { banUser } from '../api/ban';
import { setChannelLevel } from '../api/channel-level';
import { kickUser } from '../api/kick';
import { alreadyAtLevel } from './levels';
import type { ChanServAction } from './peace-offer';

export interface ChanServInput {
  channel: string;
  nickname: string;
  reason: string;
  /** KICKBAN only: minutes, 0 until lifted. */
  durationMinutes: number;
}

export interface ChanServResult {
  tone: 'success' | 'error';
  text: string;
}

const failurePrefix: Record<ChanServAction, string> = {
  KICK: 'chanserv.kickFailed',
  KICKBAN: 'chanserv.banFailed',
  VOICE: 'chanserv.levelFailed',
  DEVOICE: 'chanserv.levelFailed',
  OP: 'chanserv.levelFailed',
  DEOP: 'chanserv.levelFailed',
  MASTER: 'chanserv.levelFailed',
  DEMASTER: 'chanserv.levelFailed',
};

async function perform(action: ChanServAction, input: ChanServInput, t: TFunction): Promise<string> {
  const { channel, nickname } = input;
  const reason = input.reason.trim() || undefined;
  if (action === 'KICK') {
    await kickUser(channel, nickname, reason);
    return t('chanserv.kickSuccess', { name: nickname, channel });
  }
  if (action === 'KICKBAN') {
    await banUser({ channel, nickname, reason, durationMinutes: input.durationMinutes, kick: true });
    return t('chanserv.banSuccess', { name: nickname, channel });
  }
  const answer = await setChannelLevel(channel, nickname, actLevels[action]);
  const name = answer.name || nickname;
  // a level the member already had changed nothing: saying it was updated would be untrue.
  if (!answer.changed) return t(alreadyAtLevel(answer.level), { nickname: name, channel });
  return t('chanserv.levelSuccess', { name });
}

/**
 * Runs one action and words its outcome as the spec does: success, `Failed to …: ` plus the server's
 * (translated) text, or `Error: ` plus the message when the server could not be reached at all.
 */
export async function runChanServ(action: ChanServAction, input: ChanServInput, t: TFunction): Promise<ChanServResult> {
  try {
    return { tone: 'success', text: await perform(action, input, t) };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      const text = messageText(t, error.message, 'chatErrors');
      return { tone: 'error', text: `${t(failurePrefix[action])}${text}` };
    }
    const message =
      error instanceof ApiError
        ? t('chatErrors.network_error')
        : error instanceof Error
          ? error.message
          : String(error);
    return { tone: 'error', text: `${t('chanserv.error')}${message}` };
  }
}
