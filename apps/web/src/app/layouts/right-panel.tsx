import { lazy, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LearnMoreTab } from '../../features/learn-more/components/learn-more-tab';
import { PanelTabs } from '../../components/panel-tabs';
import { panelQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useLearnMoreCards } from '../../lib/learn-more';
import { useSession } from '../../lib/session';
import type { PanelTab, RightPanelInfo } from '../routes/route-handle';

// the chat's tabs load with the chat, keeping them out of the shell's first download.
const UsersTab = lazy(() => import('../../features/chat/components/users-tab').then((m) => ({ default: m.UsersTab })));
const LevelTab = lazy(() => import('../../features/chat/components/level-tab').then((m) => ({ default: m.LevelTab })));
const AdsTab = lazy(() => import('../../features/stores/components/ads-tab').then((m) => ({ default: m.AdsTab })));

// a tab appears only once its feature exists.
const tabContent: Partial<Record<PanelTab, ComponentType>> = {
  users: UsersTab,
  level: LevelTab,
  ads: AdsTab,
  learnMore: LearnMoreTab,
};

// who is connected and one's own level exist only for members; a visitor's panel leaves them out.
const memberTabs: readonly PanelTab[] = ['users', 'level'];

/**
 * The right-hand panel (from the `sm` breakpoint up) with the tabs of the current route. Where all it
 * would hold is an empty 'Saiba mais' (profile, conversation, mailbox, 404), it collapses until a tag is
 * clicked; on phones the channel's Users sheet and the learn-more sheet carry its tabs.
 */
export function RightPanel({ info }: { info: RightPanelInfo }) {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  // below `sm` the panel is hidden by CSS and its tabs live in sheets; mounting its content there too would
  // fetch and subscribe twice (the ads, the channel's users). The column itself still renders, so a wide screen
  // keeps its layout from the server's HTML on.
  const beside = useMediaQuery(panelQuery);
  const cards = useLearnMoreCards();
  const newestCard = cards[0]?.id;
  const tabs = info.tabs.filter((tab) => tabContent[tab] !== undefined && (signedIn || !memberTabs.includes(tab)));
  const [chosen, setChosen] = useState<PanelTab | null>(null);
  // a tag clicked anywhere opens its card: the learn-more tab comes forward to show it.
  useEffect(() => {
    if (newestCard !== undefined) setChosen('learnMore');
  }, [newestCard]);
  const active = [chosen, info.defaultTab, tabs[0]].find((tab): tab is PanelTab => !!tab && tabs.includes(tab));
  if (!active) return null;
  if (tabs.length === 1 && active === 'learnMore' && cards.length === 0) return null;
  const labels: Record<PanelTab, string> = {
    users: t('rightPanel.tabs.users'),
    level: t('rightPanel.tabs.level'),
    ads: t('rightPanel.tabs.ads'),
    learnMore: t('rightPanel.tabs.learnMore'),
  };

  return (
    <div className="hidden w-72 shrink-0 border-l border-slate-200 bg-white sm:block lg:w-80" data-testid="right-panel">
      <aside aria-label={t('rightPanel.label')} className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto">
        <PanelTabs
          label={t('rightPanel.label')}
          tabs={tabs.map((tab) => {
            const Content = tabContent[tab];
            return { id: tab, label: labels[tab], content: beside && Content ? <Content /> : null };
          })}
          active={active}
          onChoose={setChosen}
        />
      </aside>
    </div>
  );
}
