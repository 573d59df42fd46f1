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

function isGuarded(handle: RouteHandle): boolean {
  return handle.requiresAuth || handle.requiresStaff;
}

/** A loader enforcing the route's guard (and its slug variant's), or undefined for open routes. */
export function guardLoader(handle: RouteHandle) {
  const variant = handle.slugVariant?.handle;
  if (!isGuarded(handle) && !(variant && isGuarded(variant))) return undefined;
  return ({ params }: LoaderFunctionArgs) => {
    checkAccess(resolveHandle(handle, params), readSession());
    return null;
  };
}
