import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionCheck } from '../../features/auth/hooks/use-session-check';
import { isLeaving } from '../../lib/leaving';
import { isStaff, type Session } from '../../lib/session';
import { useRouteHandle } from '../routes/use-route-handle';

/**
 * Keeps the page in step with the session: checks a restored session once, and leaves a members-only
 * page for /login when the session ends there (refresh refused, logout in another tab).
 */
export function useSessionRedirect(session: Session | null) {
  useSessionCheck(session);
  const handle = useRouteHandle();
  const navigate = useNavigate();
  const allowed =
    !handle || ((!handle.requiresAuth || session !== null) && (!handle.requiresStaff || isStaff(session)));
  useEffect(() => {
    // not when the session ended on the way to another page (lib/leaving.ts): that load is the way out.
    if (!allowed && !isLeaving()) void navigate(paths.login, { replace: true });
  }, [allowed, navigate]);
}
