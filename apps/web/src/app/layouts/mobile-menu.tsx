import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { MainLinkList } from '../../components/main-links';
import { useRouteHandle } from '../routes/use-route-handle';
import { SidebarContent } from './sidebar-content';

interface MobileMenuProps {
  id: string;
  onClose: () => void;
  /** Gives focus back to the menu button after Escape, the close button or the backdrop (a followed link moves on). */
  returnFocus: () => void;
}

/** The sidebar as a modal drawer below 1024 px (the shared Dialog): main sections, language, favourites and tools. */
export function MobileMenu({ id, onClose, returnFocus }: MobileMenuProps) {
  const { t } = useTranslation();
  const onMenuPage = useRouteHandle()?.name === 'mobileMenu';
  const dismissed = useRef(false);
  const navigate = () => onClose();
  return (
    <Dialog
      id={id}
      drawer
      title={t('a11y.menuTitle')}
      banner={<Logo onNavigate={navigate} />}
      closeLabel={t('a11y.closeMenu')}
      onClose={() => {
        dismissed.current = true;
        onClose();
      }}
      restoreFocus={() => dismissed.current && returnFocus()}
      testId="mobile-menu"
      bodyClassName="flex min-h-0 flex-col gap-6 overflow-y-auto p-4"
    >
      <nav aria-label={t('a11y.mainNav')}>
        <MainLinkList onNavigate={navigate} />
      </nav>
      <div className="border-t border-slate-200 pt-4">
        <LanguageSwitcher showLabel testId={!onMenuPage} />
      </div>
      <div className="border-t border-slate-200 pt-4">
        <SidebarContent onNavigate={navigate} />
      </div>
    </Dialog>
  );
}
