import { Outlet, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../../features/consent/components/cookie-banner';

/** Wraps every layout: the cookie banner sits above all of them. */
export function RootShell() {
  return (
    <>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
