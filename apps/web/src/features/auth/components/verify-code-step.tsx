import { verificationCodeLength } from '@papo/contract/auth-limits';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { defaultChannel } from '@papo/contract/channel-names';
import { channelPath, paths } from '../../../config/paths';
import { storeLogin } from '../../../lib/session';
import { confirmCode, resendCode } from '../api/signup';
import { failureText } from '../lib/messages';
import { storeVerifiedNotice } from '../lib/verified-notice';
import { CodeBoxes } from './code-boxes';
import { FieldError } from '../../../components/ui/form-field';
import { FormAlert } from './form-alert';
import { Button } from '../../../components/ui/button';

const emptyCode = () => Array.from({ length: verificationCodeLength }, () => '');

/**
 * The code step after signup: four boxes, Verify, and a way to get a new code. Success signs in the browser that signed
 * up and opens the chat's first channel; a code confirmed elsewhere goes to /login.
 */
export function VerifyCodeStep({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorId = useId();
  const boxesRef = useRef<HTMLFieldSetElement>(null);
  const [code, setCode] = useState(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resend, setResend] = useState<{ busy: boolean; result: { tone: 'error' | 'success'; text: string } | null }>({
    busy: false,
    result: null,
  });
  const complete = code.every(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { session } = await confirmCode(username, code.join(''));
      if (session) {
        // leave the code step before the session is stored, or the screen would send a signed-in member to
        // the profile instead of the chat's first visit: the navigation settles once the channel's route (a lazy
        // layout) has loaded, and the code step is still on screen until then.
        await navigate(channelPath(defaultChannel), { replace: true });
        storeLogin(session);
        return;
      }
      storeVerifiedNotice(username);
      void navigate(paths.login);
    } catch (caught) {
      setBusy(false);
      setError(failureText(t, caught, 'generic_error'));
      // the boxes were disabled during the call, which drops focus; put it back where retyping starts.
      requestAnimationFrame(() => boxesRef.current?.querySelector('input')?.focus());
    }
  };

  const sendAgain = async () => {
    setResend({ busy: true, result: null });
    try {
      await resendCode(username);
      setCode(emptyCode());
      setError(null);
      setResend({ busy: false, result: { tone: 'success', text: t('verify.resent') } });
    } catch (caught) {
      setResend({ busy: false, result: { tone: 'error', text: failureText(t, caught) } });
    }
  };

  return (
    <div data-testid="verify-step">
      <FormAlert tone="success">
        <Trans
          i18nKey="verify.sent"
          values={{ username }}
          components={{ strong: <strong className="font-semibold" /> }}
        />
      </FormAlert>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6">
        <fieldset ref={boxesRef}>
          <legend className="mb-3 w-full text-center text-sm font-medium text-slate-800">{t('verify.legend')}</legend>
          <CodeBoxes
            value={code}
            onChange={(next) => {
              setCode(next);
              setError(null);
            }}
            invalid={Boolean(error)}
            disabled={busy}
            describedBy={error ? errorId : undefined}
            autoFocus
          />
        </fieldset>
        <div role="alert" className="flex justify-center empty:hidden">
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </div>
        <div className="mt-6">
          <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={busy} disabled={!complete}>
            {t('verify.submit')}
          </Button>
        </div>
      </form>
      <div className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-700">
        <p>{t('verify.noCode')}</p>
        <Button
          variant="plain"
          onClick={() => void sendAgain()}
          disabled={resend.busy}
          className="mt-2 rounded-lg px-3 py-2 font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:text-slate-500"
        >
          {t('verify.resend')}
        </Button>
        {resend.result && (
          <div className="mt-3 text-left">
            <FormAlert tone={resend.result.tone}>{resend.result.text}</FormAlert>
          </div>
        )}
      </div>
    </div>
  );
}
