import { useMatches } from 'react-router';
import { isRouteHandle, resolveHandle, type RouteHandle } from './route-handle';
import { catchAllHandle, useSharedNotFound } from './shared-not-found';

/** The handle of the deepest matched route that declares one (the catch-all's where it shows the shared 404). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  let own: RouteHandle | null = null;
  for (let index = matches.length - 1; index >= 0 && !own; index -= 1) {
    const match = matches[index];
    if (match && isRouteHandle(match.handle)) own = resolveHandle(match.handle, match.params);
  }
  return useSharedNotFound(own) ? catchAllHandle : own;
}
