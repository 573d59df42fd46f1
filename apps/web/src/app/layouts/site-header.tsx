import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { desktopQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useStableId } from '../../islands/island-id';
import { Header } from './header';

// the drawer (every section with its icon, the language, the sidebar) loads when the menu button is first
// pressed, not with the page; the header and the footer link every section already.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/**
 * The header with its menu drawer (below 1024 px): one island on public pages (decision 042), so the button and the
 * drawer it opens live in the same root.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(desktopQuery);
  const menuId = useStableId('menu');
  const buttonRef = useRef<HTMLButtonElement>(null);
  // the menu remembers the path it was opened on, so any navigation closes it without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = !isDesktop && menuOpenedAt === pathname;
  const closeMenu = useCallback(() => setMenuOpenedAt(null), []);
  const focusMenuButton = useCallback(() => buttonRef.current?.focus(), []);
  return (
    <>
      <Header
        menu={{ open: menuOpen, menuId, buttonRef, onToggle: () => setMenuOpenedAt(menuOpen ? null : pathname) }}
      />
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} onClose={closeMenu} returnFocus={focusMenuButton} />
        </Suspense>
      )}
    </>
  );
}
