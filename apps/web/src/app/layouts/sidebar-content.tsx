import { FavoriteChannels } from '../../features/channels/components/favorite-channels';
import { lazy, Suspense } from 'react';
import { isStaff, useSession } from '../../lib/session';

// NOTE: members only, and the server renders pages as a visitor sees them: visitors never download it (decision 019).
const RecentConversations = lazy(() =>
  import('../../features/conversations/components/recent-conversations').then((m) => ({ default: m.RecentConversations })),
);
// NOTE: staff only, like the tools' screens it links to.
const StaffTools = lazy(() => import('./staff-tools').then((m) => ({ default: m.StaffTools })));

/** What the left sidebar holds on every width: favourite channels, recent private conversations and, for staff, the tools. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  return (
    <div className="flex flex-col gap-6">
      <FavoriteChannels onNavigate={onNavigate} />
      {session && (
        <Suspense fallback={null}>
          <RecentConversations onNavigate={onNavigate} />
        </Suspense>
      )}
      {isStaff(session) && (
        <Suspense fallback={null}>
          <StaffTools onNavigate={onNavigate} />
        </Suspense>
      )}
    </div>
  );
}
