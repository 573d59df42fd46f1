import { Suspense, useId, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { Button } from './ui/button';

interface PanelTabDef<Id extends string> {
  id: Id;
  label: string;
  /** Mounted only while the tab is chosen. */
  content: ReactNode;
}

interface PanelTabsProps<Id extends string> {
  tabs: readonly PanelTabDef<Id>[];
  active: Id;
  onChoose: (id: Id) => void;
  label: string;
}

/**
 * The tabs of the right-hand panel, beside the page or in the phone's sheet: arrow keys move between
 * them, and the chosen tab's content shows below. The tabs share the strip's width and a label wraps between
 * its words in its share, so every label shows whole in every language (a strip scrolling sideways cut French's "En
 * savoir plus" at the panel's edge); a tab never gets narrower than its longest word, and tabs that cannot fit side by
 * side go to a second row rather than be cut.
 */
export function PanelTabs<Id extends string>({ tabs, active, onChoose, label }: PanelTabsProps<Id>) {
  const baseId = useId();
  const content = tabs.find((tab) => tab.id === active)?.content;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChoose(next.id);
    document.getElementById(`${baseId}-tab-${next.id}`)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-0.5 border-b border-slate-200 px-1 pt-2"
      >
        {tabs.map((tab) => (
          <Button
            variant="plain"
            key={tab.id}
            id={`${baseId}-tab-${tab.id}`}
            role="tab"
            aria-selected={tab.id === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onChoose(tab.id)}
            data-testid={`panel-tab-${tab.id}`}
            className={clsx(
              '-mb-px flex flex-1 items-center justify-center rounded-t-lg border-b-2 px-2 py-2 text-center text-sm leading-tight font-semibold text-balance focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600',
              tab.id === active
                ? 'border-emerald-700 text-emerald-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </Button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${active}`}
        tabIndex={0}
        className="focus:outline-none"
      >
        <Suspense fallback={null}>{content}</Suspense>
      </div>
    </>
  );
}
