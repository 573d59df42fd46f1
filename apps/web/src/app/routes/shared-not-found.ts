import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import type { RouteHandle } from './route-handle';
import { routeDefs } from './route-table';

/*
 * The server answers every address whose page does not exist — no route has it, or its route's slug is unknown
 * (`/blog/no-such`, `/nada-disso`) — with one page: the catch-all's 404, rendered once per language at `/_/404` and
 * kept (apps/server/src/web.ts). Its handover says so (`sharedNotFound`), and the browser then shows
 * the catch-all's screen and handle (layout, right panel) at the address visited, whatever route matches it, so
 * hydration finds the server's markup. Only at that first location: from the first navigation on, routing is as
 * usual (Back to it shows the same 404 again, from memory).
 */

/** The catch-all route's handle: the 404 page's layout and panels. */
export const catchAllHandle: RouteHandle | null = routeDefs.find((def) => def.path === '*')?.handle ?? null;

/** The key of the location the shared 404 was handed over for; null on the server and for any other page. */
let shownAt: string | null = null;

/** Before hydrating a handed-over shared 404: the router's first location (its key) shows it. */
export function showSharedNotFound(locationKey: string): void {
  shownAt = locationKey;
}

/**
 * Whether the route of `handle` shows the catch-all's 404 here: at the location the shared 404 was handed over for,
 * except to a member on a route whose every address exists for members (a channel: the first join founds it).
 */
export function useSharedNotFound(handle: RouteHandle | null): boolean {
  const { key } = useLocation();
  const session = useSession();
  return shownAt !== null && key === shownAt && !(handle?.existsForMembers === true && session !== null);
}
