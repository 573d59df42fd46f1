import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdateBanner } from './components/update-banner';

/**
 * Mounts the update banner (which registers the service worker) in a root of its own beside the app's. NOTE: a
 * sibling inside the app's tree would shift the ids React derives from the tree (`useId`), so a server-rendered
 * page would hydrate with ids that no longer match its own.
 */
export function mountUpdateBanner(): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <UpdateBanner />
    </StrictMode>,
  );
}
