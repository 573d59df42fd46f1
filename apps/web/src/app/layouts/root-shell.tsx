import { Outlet, ScrollRestoration } from 'react-router';
import { ToastProvider } from '../../components/ui/toast';
import { CookieBanner } from '../../features/consent/components/cookie-banner';
import { Island } from '../../islands/island';
import { AppSlots } from '../app-slots';

/** Wraps every layout: the cookie banner sits above all of them. */
export function RootShell() {
  return (
    <>
      <ToastProvider>
        <AppSlots>
          <Outlet />
        </AppSlots>
      </ToastProvider>
      <Island name="cookie-banner" component={CookieBanner} props={{}} />
      <ScrollRestoration />
    </>
  );
}
