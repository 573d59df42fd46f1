import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * Whether this render is the server's, or the browser hydrating the server's markup: false for a render the browser
 * makes alone (the app's own navigation). A failure only the server's page shows is drawn as an island (its try
 * again must work without the app); the app shows the same failure as it is.
 */
export function useServerRender(): boolean {
  return !useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
