import { lazy, type ReactNode } from 'react';
import { LearnMoreTabSlot } from '../components/learn-more-slot';

// loads with the first sheet that shows it, not with the shell.
const LearnMoreTab = lazy(() =>
  import('../features/learn-more/components/learn-more-tab').then((m) => ({ default: m.LearnMoreTab })),
);

/** What the app hands to features that show another feature's piece (the chat's Users sheet shows 'Saiba mais'). */
export function AppSlots({ children }: { children: ReactNode }) {
  return <LearnMoreTabSlot value={LearnMoreTab}>{children}</LearnMoreTabSlot>;
}
