/**
 * Registers the service worker (main.tsx calls this in built apps, once the page has loaded) and offers a new version
 * that waits for the reader's word, found at start-up or at a later check. The notice (update-notice.ts) loads only
 * when there is one to show: a first visit never downloads it. The first worker of a device replaces nothing
 * (no controller yet): it simply starts.
 */
export async function startServiceWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' });
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !navigator.serviceWorker.controller) return;
    void import('./update-notice').then(({ showUpdateNotice }) => showUpdateNotice(worker)).catch(() => undefined);
  };
  offer(registration.waiting);
  registration.onupdatefound = () => {
    const installing = registration.installing;
    if (installing) installing.onstatechange = () => installing.state === 'installed' && offer(installing);
  };
}
