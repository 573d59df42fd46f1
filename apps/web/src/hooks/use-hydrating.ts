import { useSyncExternalStore } from 'react';

function subscribeNothing() {
  return () => undefined;
}

/** True while the page is the server's markup being hydrated (and on the server), false once the browser renders on its own. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}
