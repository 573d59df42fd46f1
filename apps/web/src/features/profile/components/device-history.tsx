import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { eraseHistory, historyKept, keptLinesPerChannel, setHistoryKept } from '../../../lib/device-history';
import { useSession } from '../../../lib/session';
import { useProfileToast } from '../hooks/use-profile-toast';
import { cardClass, cardTitle } from './styles';

/**
 * "Histórico neste aparelho": whether this device keeps the last members' lines and room events the member saw in each
 * channel (IndexedDB, this account only) and a control that erases them. The choice lives on the device, as the lines
 * do.
 */
export function DeviceHistory() {
  const { t } = useTranslation();
  const titleId = useId();
  const toast = useProfileToast();
  const userId = useSession()?.userId ?? null;
  const [kept, setKept] = useState(() => (userId === null ? false : historyKept(userId)));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (userId === null) return null;

  const choose = async (keep: boolean) => {
    setKept(keep);
    try {
      await setHistoryKept(userId, keep);
      toast.success(keep ? t('profile.deviceHistory.turnedOn') : t('profile.deviceHistory.turnedOff'));
    } catch (error) {
      toast.failure(error);
    }
  };

  const erase = async () => {
    setBusy(true);
    try {
      await eraseHistory(userId);
      setConfirming(false);
      toast.success(t('profile.deviceHistory.erased'));
    } catch (error) {
      toast.failure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="device-history">
      <h2 id={titleId} className={`${cardTitle} flex items-center gap-2`}>
        <History className="size-4 text-slate-500" aria-hidden="true" />
        {t('profile.deviceHistory.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.deviceHistory.intro', { count: keptLinesPerChannel })}</p>
      <label className="mt-4 flex min-h-10 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={kept}
          onChange={(event) => void choose(event.target.checked)}
          className="size-4 shrink-0 accent-emerald-700"
          data-testid="device-history-keep"
        />
        {t('profile.deviceHistory.keep')}
      </label>
      <div className="mt-4">
        <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="device-history-erase">
          {t('profile.deviceHistory.erase')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('profile.deviceHistory.eraseTitle')}
          text={t('profile.deviceHistory.eraseText')}
          confirmLabel={t('profile.deviceHistory.erase')}
          cancelLabel={t('profile.deviceHistory.cancel')}
          busy={busy}
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
          testId="device-history-erase-dialog"
        />
      )}
    </section>
  );
}
