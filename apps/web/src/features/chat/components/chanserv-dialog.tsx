import { levelPrefix } from '@papo/contract/chat';
import type { OnlineUser } from '@papo/contract/socket-events';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { chanServActions, runChanServ, type ChanServAction } from '../lib/chanserv-actions';
import { buttonClass } from '../../../components/button';
import { inputClass } from '../../../components/form-field';
import { Dialog } from '../../../components/dialog';

// NOTE: the ban lengths people reach for; a day is the server's default.
const durations = [60, 1440, 10080, 0] as const;

interface ChanServDialogProps {
  channel: string;
  user: OnlineUser;
  onClose: () => void;
  onResult: (result: { tone: 'success' | 'error'; text: string }) => void;
}

/** ChanServ for one user: KICK and KICKBAN with a reason, OP, DEOP, MASTER and DEMASTER (all real calls). */
export function ChanServDialog({ channel, user, onClose, onResult }: ChanServDialogProps) {
  const { t } = useTranslation();
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
    <button
      key={action}
      type="button"
      disabled={running !== null}
      onClick={() => void run(action)}
      data-action={action}
      className={clsx(action === 'KICK' || action === 'KICKBAN' ? buttonClass({ variant: 'danger' }) : buttonClass({ variant: 'secondary' }), 'font-mono tracking-wide')}
    >
      {running === action && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {action}
    </button>
  );

  return (
    <Dialog sheet title={t('chanserv.title', { nickname: `${levelPrefix(user.level ?? 0)}${user.nickname}` })} onClose={onClose} testId="chanserv-dialog">
      <p className="mb-4 text-sm text-slate-600">{t('chanserv.intro', { channel })}</p>
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('chanserv.remove')}</legend>
        <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-800">
          {t('chanserv.reason')}
        </label>
        <input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} autoComplete="off" className={inputClass} data-testid="chanserv-reason" />
        <label htmlFor={durationId} className="mb-1 mt-3 block text-sm font-medium text-slate-800">
          {t('chanserv.duration')}
        </label>
        <select id={durationId} value={durationMinutes} onChange={(event) => setDurationMinutes(Number(event.target.value))} className={inputClass}>
          {durations.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t(`chanserv.durations.${minutes}`)}
            </option>
          ))}
        </select>
        <div className="mt-3 grid grid-cols-2 gap-2">{chanServActions.slice(0, 2).map(button)}</div>
      </fieldset>
      <fieldset className="mt-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('chanserv.levels')}</legend>
        <div className="grid grid-cols-2 gap-2">{chanServActions.slice(2).map(button)}</div>
      </fieldset>
    </Dialog>
  );
}
