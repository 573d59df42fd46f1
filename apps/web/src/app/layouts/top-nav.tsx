import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useMainLinkLabels } from '../../components/main-link-labels';
import { mainLinks, moreLinks } from '../../config/main-links';
import { lazyModule } from '../../lib/on-use';
import { useRouteHandle } from '../routes/use-route-handle';
import { Button } from '../../components/ui/button';

const linkClass =
  'rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';
const idleClass = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900';
const activeClass = 'bg-emerald-50 text-emerald-800';

// the menu's Radix chunk loads when the "More" button is first pointed at, focused or pressed, not with the
// page (decision 019: first-route JavaScript ≤ 150 KiB); every section is also a plain link in the footer.
const dropdownModule = lazyModule(() => import('../../components/dropdown-menu'));
const DropdownMenu = lazy(() => dropdownModule.load().then((module) => ({ default: module.DropdownMenu })));

/** The header's "More" button: the sections after the five main ones, in the shared drop-down menu. */
function MoreMenu({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const labels = useMainLinkLabels();
  const current = useRouteHandle()?.name;
  // `pressed` is set when the button was pressed before the menu's chunk was in: it then opens at once.
  const [used, setUsed] = useState<'no' | 'loaded' | 'pressed'>('no');
  const triggerClassName = clsx(linkClass, 'inline-flex items-center gap-1', active ? activeClass : idleClass);
  const trigger = (
    <>
      {t('nav.more')}
      <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
  const plainButton = (
    <Button
      variant="plain"
      aria-haspopup="menu"
      aria-expanded={used === 'pressed'}
      className={triggerClassName}
      onPointerEnter={() => void dropdownModule.load()}
      onFocus={() => void dropdownModule.load()}
      onClick={() => setUsed('pressed')}
    >
      {trigger}
    </Button>
  );
  if (used === 'no') return plainButton;
  return (
    <Suspense fallback={plainButton}>
      <DropdownMenu
        trigger={trigger}
        triggerClassName={triggerClassName}
        defaultOpen={used === 'pressed'}
        links={moreLinks.map(({ name, to, section }) => ({
          key: name,
          to,
          label: labels[name],
          icon: name,
          current: current !== undefined && section.includes(current),
        }))}
      />
    </Suspense>
  );
}

/** Header navigation (desktop): the five main sections, then "More" with the others; the current section is highlighted. */
export function TopNav() {
  const { t } = useTranslation();
  const labels = useMainLinkLabels();
  const current = useRouteHandle()?.name;
  const inSection = (section: readonly string[]) => current !== undefined && section.includes(current);
  return (
    <nav aria-label={t('a11y.mainNav')} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {mainLinks.map(({ name, to, section }) => {
          const active = inSection(section);
          return (
            <li key={name}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={clsx(linkClass, active ? activeClass : idleClass)}
              >
                {labels[name]}
              </Link>
            </li>
          );
        })}
        <li>
          <MoreMenu active={moreLinks.some(({ section }) => inSection(section))} />
        </li>
      </ul>
    </nav>
  );
}
