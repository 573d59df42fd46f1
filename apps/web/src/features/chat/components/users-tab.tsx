import { defaultChannel } from '@papo/contract/channels';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { channelPath } from '../../../config/paths';
import { useChatStore } from '../store/chat-store';
import { OperatorBans } from './operator-bans';
import { UserList } from './user-list';

/** The right-hand panel's Connected users tab: the people in the channel on screen. */
export function UsersTab() {
  const { t } = useTranslation();
  const channel = useChatStore((state) => state.currentChannel);
  const count = useChatStore((state) => (channel ? (state.onlineUsers[channel]?.length ?? 0) : 0));

  if (!channel) {
    return (
      <div className="flex flex-col items-center px-4 py-10 text-center">
        <span
          className="grid size-12 place-items-center rounded-full bg-emerald-50 text-emerald-700"
          aria-hidden="true"
        >
          <Users className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold text-slate-900">{t('userList.noChannelTitle')}</p>
        <p className="mt-1 text-sm leading-6 text-slate-600">{t('userList.noChannelText')}</p>
        <Link
          to={channelPath(defaultChannel)}
          className="mt-4 rounded font-mono text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          #{defaultChannel}
        </Link>
      </div>
    );
  }

  return (
    <div className="pb-3">
      <h2 className="px-4 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t('userList.heading', { channel, count })}
      </h2>
      <UserList channel={channel} />
      <OperatorBans channel={channel} />
    </div>
  );
}
