import { replace, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { isStaff, readSession, type Session } from '../../lib/session';
import { resolveHandle, type RouteHandle } from './route-handle';

/** The query parameter that tells the landing page why a guard sent the member there, and its values. */
export const noticeParam = 'notice';
export const routeNotices = ['staff_only'] as const;

/**
 * Throws a replacing redirect when the session does not satisfy the route: to /login without one, and
 * a member on a staff page to their profile, with a notice saying why.
 */
function checkAccess(handle: RouteHandle, session: Session | null): void {
  const needsSession = handle.requiresAuth || handle.requiresStaff;
  if (needsSession && !session) throw replace(paths.login);
  if (handle.requiresStaff && !isStaff(session)) throw replace(`${paths.profile}?${noticeParam}=staff_only`);
}

/** Whether the route (or, with `orVariant`, its slug variant) is for members or staff only. */
export function isGuarded(handle: RouteHandle, orVariant = true): boolean {
  const variant = orVariant ? handle.slugVariant?.handle : undefined;
  return handle.requiresAuth || handle.requiresStaff || (variant !== undefined && isGuarded(variant, false));
}

/**
 * A loader enforcing the route's guard (and its slug variant's), or undefined for open routes. With `load`, the
 * loader then fetches the route's screen: a route's `lazy` is fetched beside its loader, so a visitor sent to /login
 * would download the member screen all the same; loaded here, it is fetched only once the guard lets the caller in.
 */
export function guardLoader(handle: RouteHandle, load?: () => Promise<unknown>) {
  if (!isGuarded(handle)) return undefined;
  return async ({ params }: LoaderFunctionArgs) => {
    checkAccess(resolveHandle(handle, params), readSession());
    await load?.();
    return null;
  };
}
