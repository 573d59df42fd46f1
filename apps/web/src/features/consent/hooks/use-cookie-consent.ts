import { useCallback, useState } from 'react';

const cookieName = 'accepted';
const maxAgeSeconds = 365 * 24 * 60 * 60;

function readChoice(): boolean | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  if (!entry) return null;
  const value = entry.slice(cookieName.length + 1);
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The visitor's cookie choice (null until made) and a setter that stores it for 365 days. */
export function useCookieConsent() {
  const [choice, setChoice] = useState(readChoice);
  const choose = useCallback((accepted: boolean) => {
    document.cookie = `${cookieName}=${accepted}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
    setChoice(accepted);
  }, []);
  return { choice, choose };
}
