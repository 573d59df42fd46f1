import { channelNamePattern } from '@papo/contract/channel-names';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import { Dialog } from '../../../components/ui/dialog';
import { channelPath } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useConversations } from '../../../lib/conversations/get-conversations';
import { UnreadBadge } from '../../../components/unread-badge';
import { pvtPath } from '../../../lib/conversations/pvt-path';
import { requestInputFocus, useChatStore } from '../store/chat-store';
import { UnreadMarks } from './unread-marks';

interface Place {
  key: string;
  label: string;
  path: string;
  kind: 'channel' | 'conversation' | 'new';
  unread: number;
}

/** The places whose name holds the typed text (any case), open channels first; a valid new name offers to open it. */
export function matchPlaces(
  query: string,
  channels: readonly string[],
  conversations: readonly { id: number; name: string; unread: number }[],
): Place[] {
  const typed = query.trim().replace(/^#/, '').toLowerCase();
  const places: Place[] = [
    ...channels.map((name): Place => ({
      key: `c:${name}`,
      label: `#${name}`,
      path: channelPath(name),
      kind: 'channel',
      unread: 0,
    })),
    ...conversations.map((c): Place => ({
      key: `p:${c.id}`,
      label: c.name,
      path: pvtPath(c.id),
      kind: 'conversation',
      unread: c.unread,
    })),
  ];
  const found = places.filter((place) => place.label.toLowerCase().replace(/^#/, '').includes(typed));
  if (typed && channelNamePattern.test(typed) && !channels.includes(typed)) {
    found.push({ key: `n:${typed}`, label: `#${typed}`, path: channelPath(typed), kind: 'new', unread: 0 });
  }
  return found;
}

/** Ctrl+K: type part of a channel's or a member's name, ↑/↓ to choose, Enter to go there. */
export function QuickSwitcher({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const channels = useChatStore((state) => state.openChannels);
  const conversations = useConversations(useSession() !== null).data ?? [];
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(0);
  const places = matchPlaces(query, channels, conversations);
  const active = Math.min(chosen, places.length - 1);

  const go = (place: Place | undefined) => {
    if (!place) return;
    // a switch from the keyboard goes on at the keyboard: the channel's input takes it once joined.
    if (place.kind !== 'conversation') requestInputFocus();
    onClose();
    void navigate(place.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setChosen((Math.max(active, 0) + step + places.length) % Math.max(places.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(places[Math.max(active, 0)]);
    }
  };

  return (
    <Dialog title={t('chat.switcher.title')} onClose={onClose} initialFocus={inputRef} testId="quick-switcher">
      <input
        ref={inputRef}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setChosen(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={places[active] ? `${listId}-${places[active].key}` : undefined}
        aria-label={t('chat.switcher.label')}
        placeholder={t('chat.switcher.placeholder')}
        autoComplete="off"
        data-testid="switcher-input"
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30 sm:text-sm"
      />
      {places.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('chat.switcher.empty')}</p>
      ) : (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('chat.switcher.label')}
          className="mt-3 flex max-h-72 flex-col gap-0.5 overflow-y-auto"
        >
          {places.map((place, at) => (
            <li
              key={place.key}
              id={`${listId}-${place.key}`}
              role="option"
              aria-selected={at === active}
              onClick={() => go(place)}
              className={clsx(
                'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm',
                at === active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <span className={clsx('min-w-0 flex-1 truncate', place.kind !== 'conversation' && 'font-mono')}>
                {place.label}
              </span>
              {place.kind === 'channel' && <UnreadMarks channel={place.label.slice(1)} />}
              {place.kind === 'conversation' && <UnreadBadge count={place.unread} />}
              {place.kind === 'new' && <span className="text-xs text-slate-500">{t('chat.switcher.open')}</span>}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
