import { Menu } from 'lucide-react';
import { lazy, Suspense, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { desktopQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useHydrating } from '../../hooks/use-hydrating';
import { useSession } from '../../lib/session';
import { TopNav } from './top-nav';
import { useSessionRedirect } from './use-session-redirect';

// a member's controls: the server renders visitors only, so they stay out of the first download.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export interface MenuControl {
  open: boolean;
  menuId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
}

/** Site header: menu button (below 1024 px), logo, main navigation, language and the account control. */
export function Header({ menu }: { menu?: MenuControl }) {
  const { t } = useTranslation();
  const session = useSession();
  useSessionRedirect(session);
  const isDesktop = useMediaQuery(desktopQuery);
  const hydrating = useHydrating();
  // below the desktop breakpoint the language select lives in the mobile menu, when the layout has one.
  // The server knows no width: its markup holds the select for CSS to show from `lg` up, so a desktop visitor
  // sees it at once; once hydrated, the width decides.
  const showLanguage = isDesktop || !menu;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="flex h-16 items-center">
        <div
          className={clsx(
            'flex h-full items-center gap-2 pl-2 pr-4 sm:pl-4 lg:w-64 lg:shrink-0 lg:px-6',
            menu && 'lg:border-r lg:border-slate-200',
          )}
        >
          {menu && (
            <Button
              variant="icon"
              ref={menu.buttonRef}
              data-testid="mobile-menu-button"
              aria-expanded={menu.open}
              aria-controls={menu.menuId}
              aria-label={t('a11y.openMenu')}
              onClick={menu.onToggle}
              className="lg:hidden"
            >
              <Menu className="size-6" aria-hidden="true" />
            </Button>
          )}
          <Logo />
        </div>
        <div className="flex min-w-0 flex-1 items-center gap-3 pr-3 sm:pr-6 lg:pl-6">
          <TopNav />
          <div className="ml-auto flex items-center gap-3">
            {(showLanguage || hydrating) && (
              <div className={menu ? 'hidden lg:block' : undefined}>
                <LanguageSwitcher />
              </div>
            )}
            {session && <NotificationBell />}
            {session ? (
              <Suspense fallback={null}>
                <UserMenu session={session} />
              </Suspense>
            ) : (
              <Link
                to={paths.login}
                className="rounded-lg bg-emerald-700 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
              >
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
