import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { SkipLink } from '../../components/ui/skip-link';
import { desktopQuery, panelQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useLearnMoreCards } from '../../lib/learn-more';
import type { RightPanelInfo } from '../routes/route-handle';
import { useRouteHandle } from '../routes/use-route-handle';
import { Island } from '../../islands/island';
import { SiteHeader } from './site-header';
import { LearnMoreSheet } from '../../features/learn-more/components/learn-more-sheet';
import { MemberChat } from './member-chat';
import { MiniPlayer } from './mini-player';
import { useRouteNotice } from './use-route-notice';

// the left sidebar's content shows from `lg` up (below, the mobile menu holds it): a phone, and the server
// (which renders the phone layout), never download it; its column keeps its width meanwhile, so nothing moves.
const SidebarContent = lazy(() => import('./sidebar-content').then((m) => ({ default: m.SidebarContent })));
const RightPanel = lazy(() => import('./right-panel').then((m) => ({ default: m.RightPanel })));

/** The one tab every visitor's panel holds from the start (the others are members' or wait for a clicked tag). */
const visitorTab = 'ads';

/** The panel's empty column, so the page does not move when the panel's chunk arrives (desktop, after hydration). */
function PanelColumn({ info }: { info: RightPanelInfo }) {
  if (!info.tabs.includes(visitorTab)) return null;
  return (
    <div aria-hidden="true" className="hidden w-72 shrink-0 border-l border-slate-200 bg-white sm:block lg:w-80" />
  );
}

/**
 * The right-hand panel, mounted from `sm` up or once a tag opened a card: a phone (and the server, which renders
 * the phone layout) never downloads it for a page that will not show it (decision 019).
 */
export function LazyRightPanel({ name, info }: { name: string; info: RightPanelInfo | null }) {
  const wide = useMediaQuery(panelQuery);
  const hasCards = useLearnMoreCards().length > 0;
  if (!info) return null;
  if (!wide && !hasCards) return <PanelColumn info={info} />;
  return (
    <Suspense fallback={<PanelColumn info={info} />}>
      <RightPanel key={name} info={info} />
    </Suspense>
  );
}

/** The left sidebar's content, from `lg` up (an island of public pages that wakes on a wide screen). */
export function DesktopSidebar() {
  const isDesktop = useMediaQuery(desktopQuery);
  return isDesktop ? (
    <Suspense fallback={null}>
      <SidebarContent />
    </Suspense>
  ) : null;
}

/** Default layout: header, left sidebar (a drawer below 1024 px), main area and the right-hand panel. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  useRouteNotice();
  // a chat screen is the window's height (100dvh, decision 016): no footer, no page scroll, its own list scrolls.
  const fills = handle?.fillsViewport === true;

  return (
    <div
      className={clsx(
        'flex flex-col bg-slate-50',
        fills ? 'h-[calc(100dvh-var(--cookie-banner-height,0px))] overflow-hidden' : 'min-h-dvh',
      )}
    >
      <SkipLink />
      <Island name="site-header" component={SiteHeader} props={{}} />
      <div className={clsx('flex flex-1', fills && 'min-h-0')}>
        <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <aside aria-label={t('a11y.sidebar')} className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto p-4">
            <Island name="desktop-sidebar" component={DesktopSidebar} props={{}} />
          </aside>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            id="main-content"
            data-layout="default"
            tabIndex={-1}
            className={clsx(
              'flex-1 focus:outline-none',
              fills ? 'flex min-h-0 flex-col' : 'px-4 py-6 sm:px-6 lg:px-8 lg:py-8',
            )}
          >
            <Outlet />
          </main>
          {!fills && <SiteFooter />}
          <Island name="mini-player" component={MiniPlayer} props={{}} />
        </div>
        {/* always there, so a public page's navigation puts the next page's panel in its place. */}
        <Island
          name="right-panel"
          component={LazyRightPanel}
          props={{ name: handle?.name ?? '', info: handle?.rightPanel ?? null }}
          key={handle?.name}
        />
      </div>
      {handle?.rightPanel?.tabs.includes('learnMore') && <LearnMoreSheet />}
      <Island name="chat-host" component={MemberChat} props={{}} />
    </div>
  );
}
