import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api';
import { useDeleteAccount, useExportFile, useRequestExport } from '../api/account';
import { failureText } from '../lib/failure-text';
import { useProfileToast } from '../hooks/use-profile-toast';

/** Hands the member's data to the browser as a JSON file download. */
function saveAsFile(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `papo-dados-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // released on the next task, once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** "Exportar meus dados": the server makes the file off the request, the page waits for it and downloads it. */
export function ExportData() {
  const { t } = useTranslation();
  const toast = useProfileToast();
  const request = useRequestExport();
  const [waiting, setWaiting] = useState(false);
  const file = useExportFile(waiting);
  const ready = file.data?.state === 'ready' ? file.data : null;

  useEffect(() => {
    if (!waiting) return;
    if (ready) {
      setWaiting(false);
      saveAsFile(ready.data);
      toast.success(t('profile.account.exportDownloaded'));
    } else if (file.isError) {
      setWaiting(false);
      toast.failure(file.error);
    }
  }, [waiting, ready, file.isError, file.error, toast, t]);

  const start = () =>
    request.mutate(undefined, { onSuccess: () => setWaiting(true), onError: (error) => toast.failure(error) });

  return (
    <div className="mt-6 border-t border-slate-100 pt-5" data-testid="export-data">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Download className="size-4 text-slate-500" aria-hidden="true" />
        {t('profile.account.exportTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('profile.account.exportText')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          busy={request.isPending}
          disabled={waiting}
          onClick={start}
          data-testid="export-button"
        >
          {t('profile.account.exportButton')}
        </Button>
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600" data-testid="export-status">
          {waiting && (
            <>
              <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              {t('profile.account.exportPending')}
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/** "Excluir conta": a confirmation that asks for the password; once deleted the tab lands on the home page signed out. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const wrongPassword = remove.error instanceof ApiError && remove.error.errors.password;
  const close = () => {
    remove.reset();
    setPassword('');
    setConfirming(false);
  };

  return (
    <div className="mt-6 border-t border-slate-100 pt-5" data-testid="delete-account">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Trash2 className="size-4 text-slate-500" aria-hidden="true" />
        {t('profile.account.deleteTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('profile.account.deleteText')}</p>
      <div className="mt-3">
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="delete-account-button">
          {t('profile.account.deleteButton')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('profile.account.deleteConfirmTitle')}
          text={t('profile.account.deleteConfirmText')}
          confirmLabel={t('profile.account.deleteButton')}
          cancelLabel={t('profile.account.cancel')}
          busy={remove.isPending}
          error={remove.isError && !wrongPassword ? failureText(t, remove.error) : null}
          canConfirm={password.length > 0}
          onConfirm={() => remove.mutate({ password })}
          onCancel={close}
          testId="delete-account-dialog"
        >
          <div className="mt-4">
            <FormField
              label={t('profile.account.deletePassword')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={wrongPassword ? failureText(t, remove.error, 'password') : undefined}
              data-testid="delete-account-password"
            />
          </div>
        </ConfirmDialog>
      )}
    </div>
  );
}
