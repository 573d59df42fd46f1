import { useCallback, useState } from 'react';
import { readCookie } from '../../../lib/request-context';

/** The cookie holding the visitor's choice; the server renders the page with it (no banner once chosen). */
export const consentCookie = 'accepted';
const maxAgeSeconds = 365 * 24 * 60 * 60;

function readChoice(): boolean | null {
  // read from the request on the server too, so a returning visitor's page never flashes the banner.
  const value = readCookie(consentCookie);
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The visitor's cookie choice (null until made) and a setter that stores it for 365 days. */
export function useCookieConsent() {
  const [choice, setChoice] = useState(readChoice);
  const choose = useCallback((accepted: boolean) => {
    document.cookie = `${consentCookie}=${accepted}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
    setChoice(accepted);
  }, []);
  return { choice, choose };
}
