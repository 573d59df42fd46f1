import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeLogin } from '../../../lib/session';
import { googleLogin, useAuthProviders } from '../api/google';
import { loadGoogleIdentity } from '../lib/google-identity';
import { failureText } from '../lib/messages';
import { FormAlert } from './form-alert';

const maxButtonWidth = 400;

/** Google's own button (its look is required by Google's branding rules); a credential signs in here. */
function GoogleButton({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let active = true;
    const signIn = async (credential: string | undefined) => {
      if (!credential) return;
      setFailure(null);
      try {
        // storing the session is enough: the login screen follows it to /profile.
        storeLogin(await googleLogin(credential));
      } catch (error) {
        if (active) setFailure(failureText(t, error));
      }
    };
    loadGoogleIdentity().then(
      (identity) => {
        const container = containerRef.current;
        if (!active || !container) return;
        identity.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => void signIn(credential),
        });
        identity.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          locale: i18n.language,
          width: Math.min(container.clientWidth || maxButtonWidth, maxButtonWidth),
        });
      },
      () => {
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
    };
  }, [clientId, i18n.language, t]);

  if (unavailable) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('login.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={containerRef} data-testid="google-sign-in" className="mt-4 flex min-h-11 justify-center" />
      {failure && (
        <div className="mt-3">
          <FormAlert tone="error">{failure}</FormAlert>
        </div>
      )}
    </div>
  );
}

/** Third-party sign-in, shown only for the providers the server accepts (members-area §2). */
export function GoogleSignInOption() {
  const { data } = useAuthProviders();
  return data?.google ? <GoogleButton clientId={data.google.clientId} /> : null;
}
