import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import type { OnlineUser } from '@papo/contract/socket-events';
import { Dialog } from '../../../components/ui/dialog';
import { useSession } from '../../../lib/session';
import { useConversations } from '../../../lib/conversations/get-conversations';
import { pvtPath } from '../../../lib/conversations/pvt-path';
import { UnreadBadge } from '../../../components/unread-badge';
import { addConversation } from '../api/add-conversation';
import { selfUserId } from '../lib/self';
import { matchPlaces, type Place } from '../lib/switcher-places';
import { requestInputFocus, useChatStore } from '../store/chat-store';
import { UnreadMarks } from './unread-marks';

const noUsers: readonly OnlineUser[] = [];
const groups = ['channels', 'people'] as const;

/**
 * Ctrl+K: type part of a channel's or a person's name, ↑/↓ to choose, Enter to go there. A person of the channel on
 * screen with no conversation yet gets one, through the same call as the user menu's PVT.
 */
export function QuickSwitcher({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const channels = useChatStore((state) => state.openChannels);
  const channelUsers = useChatStore((state) =>
    state.currentChannel === null ? noUsers : (state.onlineUsers[state.currentChannel] ?? noUsers),
  );
  const conversations = useConversations(useSession() !== null).data ?? [];
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const starting = useRef(false);
  const places = matchPlaces(query, { channels, conversations, channelUsers, selfId: selfUserId() });
  // a name that only might be a new channel is the weakest match: Enter goes to a channel or person found first.
  const active = Math.min(
    chosen ??
      Math.max(
        places.findIndex((place) => place.kind !== 'new'),
        0,
      ),
    places.length - 1,
  );

  const go = (place: Place | undefined) => {
    if (!place || starting.current) return;
    if (place.kind === 'person') {
      starting.current = true;
      setFailed(null);
      addConversation({ id: place.userId }).then(
        (id) => {
          onClose();
          void navigate(pvtPath(id));
        },
        () => {
          starting.current = false;
          setFailed(t('userList.pvtFailed', { nickname: place.label }));
        },
      );
      return;
    }
    // a switch from the keyboard goes on at the keyboard: the channel's input takes it once joined.
    if (place.kind !== 'conversation') requestInputFocus();
    onClose();
    void navigate(place.path);
  };

  const option = (place: Place) => {
    const at = places.indexOf(place);
    return (
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
        <span className={clsx('min-w-0 flex-1 truncate', place.group === 'channels' && 'font-mono')}>
          {place.label}
        </span>
        {place.kind === 'channel' && <UnreadMarks channel={place.label.slice(1)} />}
        {place.kind === 'conversation' && <UnreadBadge count={place.unread} />}
        {place.kind === 'new' && <span className="text-xs text-slate-500">{t('chat.switcher.open')}</span>}
        {place.kind === 'person' && (
          <span className="text-xs text-slate-500">{t('chat.switcher.startConversation')}</span>
        )}
      </li>
    );
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
          setChosen(null);
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
          className="mt-3 flex max-h-72 flex-col gap-2 overflow-y-auto"
        >
          {groups.map((group) => {
            const inGroup = places.filter((place) => place.group === group);
            if (inGroup.length === 0) return null;
            const headingId = `${listId}-${group}`;
            return (
              <li key={group} role="presentation">
                <ul role="group" aria-labelledby={headingId} className="flex flex-col gap-0.5">
                  <li
                    id={headingId}
                    role="presentation"
                    className="px-3 pb-0.5 text-xs font-semibold uppercase tracking-wide text-slate-500"
                  >
                    {t(`chat.switcher.groups.${group}`)}
                  </li>
                  {inGroup.map(option)}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failed}
        </p>
      )}
    </Dialog>
  );
}
