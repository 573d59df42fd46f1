import type { ConversationSummary } from '@papo/contract/conversations';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { pvtPath } from '../../../lib/conversations/pvt-path';
import { Avatar } from '../../../components/avatar';
import { UnreadBadge } from '../../../components/unread-badge';
import { useActiveTabInView } from '../../../hooks/use-active-tab-in-view';

/** One tab per conversation (members-area §2); the open one is marked as the current page. */
export function ConversationTabs({ conversations }: { conversations: ConversationSummary[] }) {
  const { t } = useTranslation();
  const strip = useActiveTabInView<HTMLUListElement>(conversations.length);
  if (conversations.length === 0) return null;
  return (
    <nav aria-label={t('pvt.tabsLabel')} className="border-b border-slate-200 bg-slate-50">
      <ul ref={strip} className="flex gap-1 overflow-x-auto px-2 pt-2" data-testid="pvt-tabs">
        {conversations.map((conversation) => (
          <li key={conversation.id} className="shrink-0">
            <NavLink
              to={pvtPath(conversation.id)}
              className={({ isActive }) =>
                clsx(
                  '-mb-px flex max-w-[12rem] items-center gap-2 rounded-t-lg border border-b-0 px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600',
                  isActive
                    ? 'border-slate-200 bg-white text-emerald-800'
                    : 'border-transparent text-slate-600 hover:bg-white/70 hover:text-slate-900',
                )
              }
            >
              <Avatar name={conversation.name} userId={conversation.user.id} size="sm" />
              <span className="truncate">{conversation.name}</span>
              <UnreadBadge count={conversation.unread} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
