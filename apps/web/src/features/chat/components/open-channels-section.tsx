import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SidebarSection, sidebarLinkClass } from '../../../components/sidebar-section';
import { channelPath } from '../../../config/paths';
import { useChatStore } from '../store/chat-store';
import { UnreadMarks } from './unread-marks';

/** Sidebar block: the channels the member is in, each with its unread count and mention marker; nothing when none is open. */
export function OpenChannelsSection({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const open = useChatStore((state) => state.openChannels);
  if (open.length === 0) return null;
  return (
    <SidebarSection icon={Hash} title={t('chat.openChannels')}>
      <ul className="flex flex-col gap-0.5" data-testid="sidebar-open-channels">
        {open.map((name) => (
          <li key={name}>
            <NavLink
              to={channelPath(name)}
              onClick={onNavigate}
              className={({ isActive }) => sidebarLinkClass(isActive, 'flex items-center gap-2 font-mono')}
            >
              <span className="min-w-0 flex-1 truncate">#{name}</span>
              <UnreadMarks channel={name} />
            </NavLink>
          </li>
        ))}
      </ul>
    </SidebarSection>
  );
}
