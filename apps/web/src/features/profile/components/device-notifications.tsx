import { pushKinds, type PushKind } from '@papo/contract/push';
import { Bell, BellOff, BellRing, CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { currentLanguage } from '../../../lib/i18n';
import {
  currentSubscription,
  devicePushState,
  disableDevicePush,
  enableDevicePush,
  PushSetupError,
  saveDeviceSubscription,
  type DevicePushState,
} from '../../../lib/push';
import { useProfileToast } from '../hooks/use-profile-toast';
import { cardClass, cardTitle } from './styles';
import { Button } from '../../../components/ui/button';

// the kinds are stored with the subscription on the server; this device remembers its own choice to show it.
const kindsKey = 'papo-push-kinds';

function storedKinds(): PushKind[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(kindsKey) ?? 'null');
    if (Array.isArray(parsed)) return pushKinds.filter((kind) => parsed.includes(kind));
  } catch {
    // A value another version wrote: every kind, as for a first choice.
  }
  return [...pushKinds];
}

type Problem = 'unreachable' | 'failed' | null;

/**
 * "Notificações neste aparelho": the browser's permission is asked only when the member turns the switch
 * on; the state shown is the device's own (on, off, blocked by the browser, not offered), and the kinds chosen go to
 * the server with the subscription.
 */
export function DeviceNotifications() {
  const { t } = useTranslation();
  const titleId = useId();
  const stateId = useId();
  const toast = useProfileToast();
  const [state, setState] = useState<DevicePushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [kinds, setKinds] = useState<PushKind[]>(storedKinds);

  useEffect(() => {
    let live = true;
    devicePushState().then(
      (found) => live && setState(found),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const saved = await enableDevicePush(kinds, currentLanguage());
      setKinds(saved.kinds);
      setState('on');
    } catch (error) {
      if (error instanceof PushSetupError && error.reason === 'blocked') setState('blocked');
      else setProblem(error instanceof PushSetupError && error.reason === 'unreachable' ? 'unreachable' : 'failed');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await disableDevicePush();
      setState('off');
    } catch (error) {
      toast.failure(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (kind: PushKind, wanted: boolean) => {
    const next = pushKinds.filter((one) => (one === kind ? wanted : kinds.includes(one)));
    setKinds(next);
    localStorage.setItem(kindsKey, JSON.stringify(next));
    if (state !== 'on') return;
    try {
      const subscription = await currentSubscription();
      if (subscription) await saveDeviceSubscription(subscription, next, currentLanguage());
      toast.success(t('profile.devicePush.saved'));
    } catch (error) {
      toast.failure(error);
    }
  };

  const on = state === 'on';
  const switchable = state === 'on' || state === 'off';
  const stateText = {
    loading: t('profile.devicePush.working'),
    on: t('profile.devicePush.stateOn'),
    off: t('profile.devicePush.stateOff'),
    blocked: t('profile.devicePush.stateBlocked'),
    unsupported: t('profile.devicePush.stateUnsupported'),
  }[state];
  const StateIcon = on ? BellRing : state === 'blocked' || state === 'unsupported' ? BellOff : Bell;

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="device-notifications">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className={cardTitle}>
            {t('profile.devicePush.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('profile.devicePush.intro')}</p>
        </div>
        <Button
          variant="plain"
          role="switch"
          aria-checked={on}
          aria-labelledby={titleId}
          aria-describedby={stateId}
          disabled={!switchable || busy}
          onClick={() => void (on ? turnOff() : turnOn())}
          data-testid="device-notifications-switch"
          className={clsx(
            'relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
            on ? 'bg-emerald-700' : 'bg-slate-300',
          )}
        >
          <span className="sr-only">{on ? t('profile.devicePush.turnOff') : t('profile.devicePush.turnOn')}</span>
          <span
            aria-hidden="true"
            className={clsx(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </Button>
      </div>

      <p
        id={stateId}
        role="status"
        className={clsx(
          'mt-4 flex items-start gap-2 text-sm',
          state === 'blocked' ? 'text-amber-900' : 'text-slate-700',
        )}
        data-testid="device-notifications-state"
      >
        {busy || state === 'loading' ? (
          <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
        ) : (
          <StateIcon
            className={clsx('mt-0.5 size-4 shrink-0', on ? 'text-emerald-700' : 'text-slate-500')}
            aria-hidden="true"
          />
        )}
        <span>{busy ? t('profile.devicePush.working') : stateText}</span>
      </p>

      {problem && (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="device-notifications-problem"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
          {problem === 'unreachable' ? t('profile.devicePush.unreachable') : t('profile.devicePush.failed')}
        </p>
      )}

      {state !== 'unsupported' && (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-900">{t('profile.devicePush.kindsLegend')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {pushKinds.map((kind) => (
              <label
                key={kind}
                className="flex min-h-10 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800"
              >
                <input
                  type="checkbox"
                  checked={kinds.includes(kind)}
                  onChange={(event) => void choose(kind, event.target.checked)}
                  className="size-4 shrink-0 accent-emerald-700"
                />
                {t(`profile.devicePush.kinds.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
