/** The part of Google Identity Services (https://developers.google.com/identity/gsi/web/reference/js-reference) we use. */
export interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

export const googleScriptUrl = 'https://accounts.google.com/gsi/client';

let loading: Promise<GoogleIdentity> | null = null;

/**
 * Loads Google's script once, and only when the server offers Google sign-in, so visitors of a site
 * without it never contact Google.
 */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = googleScriptUrl;
    script.async = true;
    script.onload = () => {
      const identity = window.google?.accounts?.id;
      if (identity) resolve(identity);
      else reject(new Error('google_unavailable'));
    };
    script.onerror = () => reject(new Error('google_unavailable'));
    document.head.append(script);
  }).catch((error: unknown) => {
    // forget a failed load so the next visit to the screen tries again.
    loading = null;
    throw error;
  });
  return loading;
}
