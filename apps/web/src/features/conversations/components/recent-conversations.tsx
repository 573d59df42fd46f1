import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarSection, sidebarLinkClass } from '../../../components/sidebar-section';
import { NavLink } from 'react-router';
import { useSession } from '../../../lib/session';
import { recentConversationCount, useConversations } from '../../../lib/conversations/get-conversations';
import { pvtPath } from '../../../lib/conversations/pvt-path';
import { Avatar } from '../../../components/avatar';
import { UnreadBadge } from '../../../components/unread-badge';

/** Sidebar block: the member's two most recent private conversations, linking to /pvt/{id}. */
export function RecentConversations({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { data, isPending, isError } = useConversations(session !== null);
  if (!session) return null;

  let body;
  if (isPending) body = <p className="px-1 text-sm text-slate-500">{t('pvt.loadingShort')}</p>;
  else if (isError) body = <p className="px-1 text-sm text-slate-600">{t('pvt.sidebarError')}</p>;
  else if (!data.length) body = <p className="px-1 text-sm text-slate-600">{t('pvt.sidebarEmpty')}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-0.5" data-testid="sidebar-conversations">
        {data.slice(0, recentConversationCount).map((conversation) => (
          <li key={conversation.id}>
            <NavLink
              to={pvtPath(conversation.id)}
              onClick={onNavigate}
              className={({ isActive }) => sidebarLinkClass(isActive, 'flex items-center gap-2')}
            >
              <Avatar name={conversation.name} userId={conversation.user.id} size="sm" />
              <span className="min-w-0 flex-1 truncate">{conversation.name}</span>
              <UnreadBadge count={conversation.unread} />
            </NavLink>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SidebarSection icon={MessagesSquare} title={t('pvt.sidebarTitle')}>
      {body}
    </SidebarSection>
  );
}
