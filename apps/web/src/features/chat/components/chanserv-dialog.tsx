import { levelPrefix } from '@papo/contract/chat';
import type { OnlineUser } from '@papo/contract/socket-events';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runChanServ } from '../lib/chanserv-actions';
import { chanServOffer, type ChanServAction } from '../lib/peace-offer';
import { useChatStore } from '../store/chat-store';
import { PeaceNote } from './peace-note';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Dialog } from '../../../components/ui/dialog';

// the ban lengths people reach for; a day is the server's default.
const durations = [60, 1440, 10080, 0] as const;

interface ChanServDialogProps {
  channel: string;
  user: OnlineUser;
  onClose: () => void;
  onResult: (result: { tone: 'success' | 'error'; text: string }) => void;
}

/**
 * ChanServ for one user: KICK and KICKBAN with a reason, and the level changes (all real calls),
 * each offered only when the shared PEACE rule allows it, with a line saying why the others are missing.
 */
export function ChanServDialog({ channel, user, onClose, onResult }: ChanServDialogProps) {
  const { t } = useTranslation();
  const actorLevel = useChatStore((state) => state.userChannelLevels[channel] ?? 0);
  // the target as listed now, so a level changed while the dialog is open changes the offer too.
  const targetLevel = useChatStore(
    (state) => state.onlineUsers[channel]?.find((online) => online.id === user.id)?.level ?? user.level ?? 0,
  );
  const offer = chanServOffer(actorLevel, targetLevel);
  const removals = offer.acts.filter((act) => act === 'KICK' || act === 'KICKBAN');
  const levelActs = offer.acts.filter((act) => act !== 'KICK' && act !== 'KICKBAN');
  const reasonId = useId();
  const durationId = useId();
  const [reason, setReason] = useState('');
  const [durationMinutes, setDurationMinutes] = useState(1440);
  const [running, setRunning] = useState<ChanServAction | null>(null);

  const run = async (action: ChanServAction) => {
    if (running) return;
    setRunning(action);
    const result = await runChanServ(action, { channel, nickname: user.nickname, reason, durationMinutes }, t);
    setRunning(null);
    onResult(result);
  };

  const button = (action: ChanServAction) => (
    <Button
      key={action}
      variant={action === 'KICK' || action === 'KICKBAN' ? 'danger' : 'secondary'}
      busy={running === action}
      disabled={running !== null}
      onClick={() => void run(action)}
      data-action={action}
      className="font-mono tracking-wide"
    >
      {action}
    </Button>
  );

  return (
    <Dialog
      sheet
      title={t('chanserv.title', { nickname: `${levelPrefix(targetLevel)}${user.nickname}` })}
      onClose={onClose}
      testId="chanserv-dialog"
    >
      <p className="mb-3 text-sm text-slate-600">{t('chanserv.intro', { channel })}</p>
      <PeaceNote reasons={offer.reasons} channel={channel} level={actorLevel} nickname={user.nickname} />
      {removals.length > 0 && (
        <fieldset className="mt-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('chanserv.remove')}</legend>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-800">
            {t('chanserv.reason')}
          </label>
          <input
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={200}
            autoComplete="off"
            className={inputClass}
            data-testid="chanserv-reason"
          />
          <label htmlFor={durationId} className="mb-1 mt-3 block text-sm font-medium text-slate-800">
            {t('chanserv.duration')}
          </label>
          <select
            id={durationId}
            value={durationMinutes}
            onChange={(event) => setDurationMinutes(Number(event.target.value))}
            className={inputClass}
          >
            {durations.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t(`chanserv.durations.${minutes}`)}
              </option>
            ))}
          </select>
          <div className="mt-3 grid grid-cols-2 gap-2">{removals.map(button)}</div>
        </fieldset>
      )}
      {levelActs.length > 0 && (
        <fieldset className="mt-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('chanserv.levels')}</legend>
          <div className="grid grid-cols-2 gap-2">{levelActs.map(button)}</div>
        </fieldset>
      )}
    </Dialog>
  );
}
