import { FavoriteChannels } from '../../features/channels/components/favorite-channels';
import { RecentConversations } from '../../features/conversations/components/recent-conversations';
import { isStaff, useSession } from '../../lib/session';
import { StaffTools } from './staff-tools';

/** What the left sidebar holds on every width: favourite channels, recent private conversations and, for staff, the tools. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  return (
    <div className="flex flex-col gap-6">
      <FavoriteChannels onNavigate={onNavigate} />
      <RecentConversations onNavigate={onNavigate} />
      {isStaff(session) && <StaffTools onNavigate={onNavigate} />}
    </div>
  );
}
