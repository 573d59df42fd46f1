import type { AccountSession } from '@papo/contract/account';
import { passwordMin } from '@papo/contract/auth-limits';
import { KeyRound, LogOut, Monitor, Terminal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { QueryView } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useAccountSessions, useChangePassword, useEndSessions } from '../api/account';
import { useProfileToast } from '../hooks/use-profile-toast';
import { DeleteAccount, ExportData } from './account-security-data';
import { failureText, isInputProblem } from '../lib/failure-text';
import { cardClass, cardTitle } from './styles';

/** "Conta e segurança": the password, the devices signed in to the account with a way to sign each out, the data export and the account's deletion. */
export function AccountSecurity() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="account-security">
      <h2 id={titleId} className={cardTitle}>
        {t('profile.account.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.account.intro')}</p>
      <PasswordForm />
      <DeviceList />
      <ExportData />
      <DeleteAccount />
    </section>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const toast = useProfileToast();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [problem, setProblem] = useState<{ field: 'currentPassword' | 'newPassword'; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          toast.success(t('profile.account.passwordChanged'));
        },
        onError: (error) => {
          // a refusal of what was typed is shown at its field; anything else (the limit, the network) as a toast.
          const field = error instanceof ApiError && error.errors.currentPassword ? 'currentPassword' : 'newPassword';
          if (field === 'currentPassword' || isInputProblem(error))
            setProblem({ field, text: failureText(t, error, field) });
          else toast.failure(error);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mt-5 flex flex-col gap-4 border-t border-slate-100 pt-5"
      data-testid="password-form"
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
        {t('profile.account.passwordTitle')}
      </h3>
      <FormField
        label={t('profile.account.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrent(event.target.value)}
        error={problem?.field === 'currentPassword' ? problem.text : undefined}
        data-testid="current-password"
      />
      <FormField
        label={t('profile.account.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordMin}
        value={newPassword}
        onChange={(event) => setNew(event.target.value)}
        hint={t('profile.account.newPasswordHint', { count: passwordMin })}
        error={problem?.field === 'newPassword' ? problem.text : undefined}
        data-testid="new-password"
      />
      <p className="text-sm text-slate-600">{t('profile.account.passwordEffect')}</p>
      <div>
        <Button type="submit" busy={change.isPending} data-testid="change-password">
          {t('profile.account.changePassword')}
        </Button>
      </div>
    </form>
  );
}

function DeviceList() {
  const { t } = useTranslation();
  const toast = useProfileToast();
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState(false);

  const endOne = (session: AccountSession) =>
    end.mutate(session.id, {
      onSuccess: () => toast.success(t('profile.account.deviceSignedOut')),
      onError: (error) => toast.failure(error),
    });
  const endOthers = () =>
    end.mutate(null, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('profile.account.othersSignedOut'));
      },
    });

  return (
    <div className="mt-6 border-t border-slate-100 pt-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Monitor className="size-4 text-slate-500" aria-hidden="true" />
        {t('profile.account.devicesTitle')}
      </h3>
      <QueryView query={sessions}>
        {({ sessions: list }) => (
          <>
            <ul className="mt-3 divide-y divide-slate-100" data-testid="device-list">
              {list.map((session) => (
                <DeviceRow
                  key={session.id}
                  session={session}
                  busy={end.isPending && end.variables === session.id}
                  onEnd={() => endOne(session)}
                />
              ))}
            </ul>
            {list.some((session) => !session.current) && (
              <div className="mt-4">
                <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="sign-out-others">
                  <LogOut className="size-4" aria-hidden="true" />
                  {t('profile.account.signOutOthers')}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryView>
      {confirming && (
        <ConfirmDialog
          title={t('profile.account.signOutOthersTitle')}
          text={t('profile.account.signOutOthersText')}
          confirmLabel={t('profile.account.signOutOthers')}
          cancelLabel={t('profile.account.cancel')}
          busy={end.isPending}
          error={end.isError ? failureText(t, end.error) : null}
          onConfirm={endOthers}
          onCancel={() => {
            end.reset();
            setConfirming(false);
          }}
          testId="sign-out-others-dialog"
        />
      )}
    </div>
  );
}

function DeviceRow({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const dates = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  const name =
    session.kind === 'irc' ? t('profile.account.ircLink') : (session.browser ?? t('profile.account.unknownBrowser'));
  const Icon = session.kind === 'irc' ? Terminal : Monitor;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="device-row"
      data-kind={session.kind}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {name}
            {session.current && (
              <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                {t('profile.account.thisDevice')}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {t('profile.account.seen', {
              first: dates.format(new Date(session.firstSeen)),
              last: dates.format(new Date(session.lastSeen)),
            })}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          onClick={onEnd}
          aria-label={t('profile.account.signOutDevice', { name })}
          data-testid="sign-out-device"
        >
          {t('profile.account.signOut')}
        </Button>
      )}
    </li>
  );
}
