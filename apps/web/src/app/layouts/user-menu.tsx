import { Inbox, LogOut, User } from 'lucide-react';
import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useDismiss } from '../../hooks/use-dismiss';
import { useHeaderDropdown } from '../../hooks/use-header-dropdown';
import { useMemberFace } from '../../lib/member-faces';
import { initialsOf, isStaff, type Session } from '../../lib/session';
import { Button } from '../../components/ui/button';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/**
 * The circle with the member's picture (else their profile's initials, as every other circle of them shows) and its
 * menu: Profile, Inbox (staff only) and Logout.
 */
export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const logOut = useLogout();
  const [open, setOpen] = useHeaderDropdown('user');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const face = useMemberFace(session.userId);

  const close = useCallback(
    (reason: 'escape' | 'outside' | 'choice') => {
      setOpen(false);
      if (reason === 'escape') buttonRef.current?.focus();
    },
    [setOpen],
  );
  useDismiss(rootRef, open, close);

  const logout = () => {
    close('choice');
    logOut();
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        variant="plain"
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('userMenu.label')}
        onClick={() => setOpen((value) => !value)}
        className="grid size-9 place-items-center overflow-hidden rounded-full bg-emerald-700 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
      >
        {face?.picture ? (
          <img
            src={face.picture}
            alt=""
            aria-hidden="true"
            className="size-full object-cover"
            data-testid="user-menu-picture"
          />
        ) : (
          <span aria-hidden="true">{(face && initialsOf(face.name)) || session.initials}</span>
        )}
      </Button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {session.username && (
            <p className="truncate border-b border-slate-100 px-3 pb-2 pt-1.5 text-xs text-slate-500">
              {t('userMenu.signedInAs', { name: session.username })}
            </p>
          )}
          <ul className="pt-1">
            <li>
              <Link to={paths.profile} onClick={() => close('choice')} className={itemClass}>
                <User className="size-4 text-slate-500" aria-hidden="true" />
                {t('userMenu.profile')}
              </Link>
            </li>
            {isStaff(session) && (
              <li>
                <Link to={paths.mailbox} onClick={() => close('choice')} className={itemClass}>
                  <Inbox className="size-4 text-slate-500" aria-hidden="true" />
                  {t('userMenu.inbox')}
                </Link>
              </li>
            )}
            <li>
              <Button variant="plain" onClick={logout} className={itemClass}>
                <LogOut className="size-4 text-slate-500" aria-hidden="true" />
                {t('userMenu.logout')}
              </Button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
