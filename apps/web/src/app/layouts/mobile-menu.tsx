import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { MainLinkList } from '../../components/main-links';
import { useRouteHandle } from '../routes/route-handle';
import { SidebarContent } from './sidebar-content';

const focusable = 'a[href], button:not([disabled]), select, input, textarea, [tabindex]:not([tabindex="-1"])';

interface MobileMenuProps {
  id: string;
  /** `restoreFocus` is true when the visitor dismissed the menu (Escape, close button, backdrop). */
  onClose: (restoreFocus: boolean) => void;
}

/** The sidebar as a modal drawer below 1024 px: main sections, language, favourites and tools. */
export function MobileMenu({ id, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onMenuPage = useRouteHandle()?.name === 'mobileMenu';

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>(focusable)?.focus();
  }, []);

  useEffect(() => {
    const panel = panelRef.current;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      // NOTE: keep Tab inside the open drawer, as a modal dialog requires.
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [onClose]);

  const navigate = () => onClose(false);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={() => onClose(true)} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="mobile-menu"
        className="absolute inset-y-0 left-0 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-white shadow-xl"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <Logo onNavigate={navigate} />
          <h2 id={titleId} className="sr-only">
            {t('a11y.menuTitle')}
          </h2>
          <button
            type="button"
            onClick={() => onClose(true)}
            aria-label={t('a11y.closeMenu')}
            className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="flex flex-col gap-6 p-4">
          <nav aria-label={t('a11y.mainNav')}>
            <MainLinkList onNavigate={navigate} />
          </nav>
          <div className="border-t border-slate-200 pt-4">
            <LanguageSwitcher showLabel testId={!onMenuPage} />
          </div>
          <div className="border-t border-slate-200 pt-4">
            <SidebarContent onNavigate={navigate} />
          </div>
        </div>
      </div>
    </div>
  );
}
