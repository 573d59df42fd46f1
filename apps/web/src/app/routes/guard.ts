import { replace, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { isStaff, readSession, type Session } from '../../lib/session';
import { resolveHandle, type RouteHandle } from './route-handle';

/** Throws a replacing redirect to /login when the session does not satisfy the route. */
export function checkAccess(handle: RouteHandle, session: Session | null): void {
  const needsSession = handle.requiresAuth || handle.requiresStaff;
  if ((needsSession && !session) || (handle.requiresStaff && !isStaff(session))) {
    throw replace(paths.login);
  }
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
