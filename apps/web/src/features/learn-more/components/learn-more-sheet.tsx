import { lazy, Suspense, useState } from 'react';
import { panelQuery, useMediaQuery } from '../../../hooks/use-media-query';
import { useLearnMoreCards } from '../../../lib/learn-more';

// the dialog (Radix) and the card load when a card first opens on a phone, not with every page (decision 019).
const LearnMoreDialog = lazy(() => import('./learn-more-dialog').then((m) => ({ default: m.LearnMoreDialog })));

/** Below `sm` the right-hand panel is hidden: a tag clicked there opens its 'Saiba mais' card in a sheet. */
export function LearnMoreSheet() {
  const wide = useMediaQuery(panelQuery);
  const newestCard = useLearnMoreCards()[0]?.id;
  // the sheet shows while a card newer than the last one seen is open; closing marks it seen.
  const [seen, setSeen] = useState(newestCard);
  if (wide || newestCard === undefined || newestCard === seen) return null;
  return (
    <Suspense fallback={null}>
      <LearnMoreDialog onClose={() => setSeen(newestCard)} />
    </Suspense>
  );
}
