import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { App } from './app/app';
import { createQueryClient, hydrateQueries, readHandover } from './app/handover';
import { routes } from './app/routes/routes';
import { showSharedNotFound } from './app/routes/shared-not-found';
import { startServiceWorker } from './features/pwa/lib/start-service-worker';
import { initI18n } from './lib/i18n';
import { fetchLocale } from './lib/locale-files';

/**
 * The first page's lazy route modules, loaded before hydrating: the server rendered that screen, and the
 * router must render it too on its first pass, not its loading fallback (the chunks are preloaded).
 */
async function loadFirstRoute() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');
const queryClient = createQueryClient();
const handover = readHandover();

if (handover) {
  // a page the server rendered: the same language, answers and screen, so hydration changes nothing.
  await Promise.all([initI18n(handover.language, fetchLocale), loadFirstRoute()]);
  hydrateQueries(queryClient, handover.queries);
  const router = createBrowserRouter(routes, { hydrationData: handover.router });
  // the server's one 404 page, answered at this address whatever route has it (an unknown slug): shown here
  // as the catch-all's, so hydration finds its markup (app/routes/shared-not-found.ts).
  if (handover.sharedNotFound) showSharedNotFound(router.state.location.key);
  // as a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (a phone's long task); the page is already painted, and a click meanwhile makes
  // React hydrate what was clicked first (decision 019).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
} else {
  // the router starts loading the first screen while the locale file downloads.
  const router = createBrowserRouter(routes);
  await initI18n(undefined, fetchLocale);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

// the service worker registers once the page has loaded; its update notice is a chunk of its own, loaded only
// when a new version waits (decision 026).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const mount = () => void startServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') mount();
  else window.addEventListener('load', mount, { once: true });
}
