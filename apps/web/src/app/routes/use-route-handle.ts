import { useMatches } from 'react-router';
import { isRouteHandle, resolveHandle, type RouteHandle } from './route-handle';
import { catchAllHandle, useSharedNotFound } from './shared-not-found';

/** The handle of the deepest matched route that declares one, as its route has it (its slug variant's, if asked). */
export function useMatchedHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) return resolveHandle(match.handle, match.params);
  }
  return null;
}

/** The handle the page shows: the matched route's, or the catch-all's where it shows the shared 404. */
export function useRouteHandle(): RouteHandle | null {
  const own = useMatchedHandle();
  return useSharedNotFound(own) ? catchAllHandle : own;
}
