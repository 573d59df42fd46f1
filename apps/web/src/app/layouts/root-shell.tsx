import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../../components/toast';
import { CookieBanner } from '../../features/consent/components/cookie-banner';

/** Wraps every layout: the cookie banner sits above all of them. */
export function RootShell() {
  return (
    <>
      <ToastProvider><Outlet /></ToastProvider>
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
