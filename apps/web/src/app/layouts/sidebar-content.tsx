import { FavoriteChannels } from '../../features/channels/components/favorite-channels';
import { lazy, Suspense } from 'react';
import { isStaff, useSession } from '../../lib/session';

// members only, and the server renders pages as a visitor sees them: visitors never download it (decision 019).
const RecentConversations = lazy(() =>
  import('../../features/conversations/components/recent-conversations').then((m) => ({
    default: m.RecentConversations,
  })),
);
// members only, with the chat's store: the channels the member is in.
const OpenChannelsSection = lazy(() =>
  import('../../features/chat/components/open-channels-section').then((m) => ({ default: m.OpenChannelsSection })),
);
// staff only, like the tools' screens it links to.
const StaffTools = lazy(() => import('./staff-tools').then((m) => ({ default: m.StaffTools })));

/**
 * What the left sidebar holds on every width: the open channels, favourite channels, recent private conversations and,
 * for staff, the tools.
 */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  return (
    <div className="flex flex-col gap-6">
      {session && (
        <Suspense fallback={null}>
          <OpenChannelsSection onNavigate={onNavigate} />
        </Suspense>
      )}
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
