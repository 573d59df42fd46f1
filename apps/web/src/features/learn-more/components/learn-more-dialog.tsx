import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { LearnMoreTab } from './learn-more-tab';

/** The 'Saiba mais' card in a bottom sheet (phones), loaded by `LearnMoreSheet` when a card first opens there. */
export function LearnMoreDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog sheet title={t('rightPanel.tabs.learnMore')} onClose={onClose} testId="learn-more-sheet">
      <div className="-mx-5">
        <LearnMoreTab />
      </div>
    </Dialog>
  );
}
