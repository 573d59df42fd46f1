import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { LearnMoreTab } from '../../components/learn-more-tab';
import { panelQuery, useMediaQuery } from '../../hooks/use-media-query';
import { useLearnMoreCards } from '../../lib/learn-more';

/** Below `sm` the right-hand panel is hidden: a tag clicked there opens its 'Saiba mais' card in a sheet. */
export function LearnMoreSheet() {
  const { t } = useTranslation();
  const wide = useMediaQuery(panelQuery);
  const newestCard = useLearnMoreCards()[0]?.id;
  // NOTE: the sheet shows while a card newer than the last one seen is open; closing marks it seen.
  const [seen, setSeen] = useState(newestCard);
  if (wide || newestCard === undefined || newestCard === seen) return null;
  return (
    <Dialog sheet title={t('rightPanel.tabs.learnMore')} onClose={() => setSeen(newestCard)} testId="learn-more-sheet">
      <div className="-mx-5">
        <LearnMoreTab />
      </div>
    </Dialog>
  );
}
