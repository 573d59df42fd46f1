import { lazy, Suspense, useEffect, useId, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { LearnMoreTab } from '../../features/learn-more/components/learn-more-tab';
import { useLearnMoreCards } from '../../lib/learn-more';
import { useSession } from '../../lib/session';
import type { PanelTab, RightPanelInfo } from '../routes/route-handle';

// NOTE: the chat's tabs load with the chat, keeping them out of the shell's first download.
const UsersTab = lazy(() => import('../../features/chat/components/users-tab').then((m) => ({ default: m.UsersTab })));
const LevelTab = lazy(() => import('../../features/chat/components/level-tab').then((m) => ({ default: m.LevelTab })));
const AdsTab = lazy(() => import('../../features/stores/components/ads-tab').then((m) => ({ default: m.AdsTab })));

// NOTE: a tab appears only once its feature exists.
const tabContent: Partial<Record<PanelTab, ComponentType>> = {
  users: UsersTab,
  level: LevelTab,
  ads: AdsTab,
  learnMore: LearnMoreTab,
};

// NOTE: who is connected and one's own level exist only for members; a visitor's panel leaves them out.
const memberTabs: readonly PanelTab[] = ['users', 'level'];

function useTabLabels(): Record<PanelTab, string> {
  const { t } = useTranslation();
  return {
    users: t('rightPanel.tabs.users'),
    level: t('rightPanel.tabs.level'),
    ads: t('rightPanel.tabs.ads'),
    learnMore: t('rightPanel.tabs.learnMore'),
  };
}

/** The right-hand panel (from the `sm` breakpoint up) with the tabs of the current route. */
export function RightPanel({ info }: { info: RightPanelInfo }) {
  const { t } = useTranslation();
  const labels = useTabLabels();
  const baseId = useId();
  const signedIn = useSession() !== null;
  const tabs = info.tabs.filter((tab) => tabContent[tab] !== undefined && (signedIn || !memberTabs.includes(tab)));
  const [chosen, setChosen] = useState<PanelTab | null>(null);
  const newestCard = useLearnMoreCards()[0]?.id;
  // NOTE: a tag clicked anywhere opens its card: the learn-more tab comes forward to show it.
  useEffect(() => {
    if (newestCard !== undefined) setChosen('learnMore');
  }, [newestCard]);
  const active = [chosen, info.defaultTab, tabs[0]].find((tab): tab is PanelTab => !!tab && tabs.includes(tab));
  if (!active) return null;
  const Content = tabContent[active];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(tabs.indexOf(active) + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    setChosen(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="hidden w-64 shrink-0 border-l border-slate-200 bg-white sm:block 2xl:w-80">
      <aside aria-label={t('rightPanel.label')} className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto">
        <div role="tablist" aria-label={t('rightPanel.label')} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-200 px-3 pt-3">
          {tabs.map((tab) => (
            <button
              key={tab}
              id={`${baseId}-tab-${tab}`}
              type="button"
              role="tab"
              aria-selected={tab === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === active ? 0 : -1}
              onClick={() => setChosen(tab)}
              className={clsx(
                '-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                tab === active ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {labels[tab]}
            </button>
          ))}
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`} tabIndex={0} className="focus:outline-none">
          <Suspense fallback={null}>{Content && <Content />}</Suspense>
        </div>
      </aside>
    </div>
  );
}
