import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { channelPath } from '../../../config/paths';
import { useCloseChannel } from '../hooks/use-close-channel';
import { useChatStore } from '../store/chat-store';
import { UnreadMarks } from './unread-marks';
import { Button } from '../../../components/ui/button';
import { useActiveTabInView } from '../../../hooks/use-active-tab-in-view';

/**
 * The member's open channels as tabs, each with its unread count and mention marker, and a close button that leaves
 * the channel. Moving between tabs changes only what is on screen: every open channel stays joined.
 */
export function ChannelTabs() {
  const { t } = useTranslation();
  const open = useChatStore((state) => state.openChannels);
  const close = useCloseChannel();
  const strip = useActiveTabInView<HTMLElement>(open.length);
  if (open.length === 0) return null;
  return (
    <nav ref={strip} aria-label={t('chat.tabsLabel')} className="-mx-1 overflow-x-auto" data-testid="channel-tabs">
      <ul className="flex gap-1 px-1 pb-1">
        {open.map((name) => (
          <li key={name} className="flex shrink-0 items-center" data-testid={`channel-tab-${name}`}>
            <NavLink
              to={channelPath(name)}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-1.5 rounded-l-lg py-1.5 pl-3 pr-2 font-mono text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600',
                  isActive
                    ? 'bg-emerald-700 font-semibold text-white'
                    : 'bg-white text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-100',
                )
              }
            >
              #{name}
              <UnreadMarks channel={name} />
            </NavLink>
            <Button
              variant="plain"
              onClick={() => close(name)}
              aria-label={t('chat.closeTab', { channel: name })}
              data-testid={`close-tab-${name}`}
              className="grid min-h-8 place-items-center self-stretch rounded-r-lg bg-white px-1.5 text-slate-500 ring-1 ring-inset ring-slate-200 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              <X className="size-3.5" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
