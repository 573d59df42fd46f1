/** Where the build writes the service worker (apps/web/build/service-worker.ts). */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the browser is idle, so it takes nothing from the
 * first view (decision 026), and calls `onWaiting` with a new version that waits for the reader's word: one found
 * at start-up or at a later check, while an older one controls the page.
 */
export function registerServiceWorker(onWaiting: (worker: ServiceWorker) => void): () => void {
  let stopped = false;
  const start = async () => {
    if (stopped) return;
    const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { updateViaCache: 'none' });
    const offer = (worker: ServiceWorker | null) => {
      // NOTE: the first worker of a device controls nothing yet: it simply starts, there is nothing to replace.
      if (worker && navigator.serviceWorker.controller && !stopped) onWaiting(worker);
    };
    offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing);
      });
    });
  };
  const whenIdle = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void start().catch(() => undefined));
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', whenIdle);
  };
}

/** Lets the waiting version take over, then reloads the page once under it. */
export function activate(worker: ServiceWorker): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
