import { levelPrefix, sortByLevel } from '@papo/contract/chat';
import type { OnlineUser } from '@papo/contract/socket-events';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Avatar } from '../../../components/avatar';
import { useDismiss } from '../../../hooks/use-dismiss';
import { isStaffLevel, levelName } from '../lib/levels';
import { nickColour } from '../lib/nick-colour';
import { chanServOffer } from '../lib/peace-offer';
import { setUserFilter, useChatStore, visibleUsers } from '../store/chat-store';
import { PeaceNote } from './peace-note';
import { UserMenu, type UserAction } from './user-menu';
import { useUserActions } from '../hooks/use-user-actions';
import { Button } from '../../../components/ui/button';

const noUsers: readonly OnlineUser[] = [];

interface UserListProps {
  channel: string;
  /** Called when an action is chosen, before it runs (the drawer closes, so dialogs never stack). */
  onActed?: () => void;
}

/** Connected users of a channel, by level then name, with IRC prefixes; each opens its own menu. */
export function UserList({ channel, onActed }: UserListProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const users = useChatStore((state) => state.onlineUsers[channel] ?? noUsers);
  const filterId = useChatStore((state) => state.userFilterId);
  const self = useChatStore((state) => state.userNickname);
  const selfLevel = useChatStore((state) => state.userChannelLevels[channel] ?? 0);
  const sorted = useMemo(() => sortByLevel(visibleUsers(users, filterId)), [users, filterId]);
  const [openId, setOpenId] = useState<number | null>(null);
  const act = useUserActions(channel);

  const close = useCallback(
    (restoreFocus: boolean) => {
      if (restoreFocus && openId !== null) document.getElementById(`${baseId}-user-${openId}`)?.focus();
      setOpenId(null);
    },
    [baseId, openId],
  );
  const dismiss = useCallback((reason: 'escape' | 'outside') => close(reason === 'escape'), [close]);
  useDismiss(rootRef, openId !== null, dismiss);

  const onAction = (user: OnlineUser, action: UserAction) => {
    // focus goes back to the user's button first, so a dialog opened now returns it there on close.
    document.getElementById(`${baseId}-user-${user.id}`)?.focus();
    setOpenId(null);
    onActed?.();
    act(user, action);
  };

  return (
    <div ref={rootRef}>
      {filterId !== null && (
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 text-xs text-slate-600">
          <span>{t('userList.filtered')}</span>
          <Button
            variant="plain"
            onClick={() => setUserFilter(null)}
            className="rounded font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {t('userList.showAll')}
          </Button>
        </div>
      )}
      {sorted.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600">{t('userList.empty')}</p>
      ) : (
        <ul aria-label={t('userList.label', { channel, count: users.length })} data-testid="user-list" className="py-1">
          {sorted.map((user) => {
            const level = user.level ?? 0;
            const mine = user.nickname === self;
            const open = openId === user.id;
            // ChanServ only when PEACE leaves an act to offer; otherwise the menu says why.
            const offer = mine ? null : chanServOffer(selfLevel, level);
            const chanServ = offer !== null && offer.acts.length > 0;
            const actions: UserAction[] = mine
              ? ['whois']
              : ['mention', 'pvt', 'whois', ...(chanServ ? (['chanserv'] as const) : [])];
            return (
              <li key={user.id} data-testid="user-entry" data-nickname={user.nickname}>
                <Button
                  variant="plain"
                  id={`${baseId}-user-${user.id}`}
                  aria-haspopup="menu"
                  aria-expanded={open}
                  aria-controls={open ? `${baseId}-menu-${user.id}` : undefined}
                  onClick={() => setOpenId(open ? null : user.id)}
                  className={clsx(
                    'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600',
                    open && 'bg-slate-100',
                  )}
                >
                  <span aria-hidden="true" className="w-3 shrink-0 text-center font-mono font-bold text-slate-700">
                    {levelPrefix(level)}
                  </span>
                  <Avatar name={user.nickname} userId={user.id} size="sm" />
                  <span className="min-w-0 truncate font-medium" style={{ color: nickColour(user.nickname) }}>
                    {user.nickname}
                  </span>
                  <span className="sr-only">, {t(`levels.names.${levelName(level)}`)}</span>
                  {isStaffLevel(level) && (
                    <span className="ml-auto shrink-0 rounded bg-slate-800 px-1.5 py-0.5 text-[0.6875rem] font-semibold uppercase tracking-wide text-white">
                      {t('levels.names.staff')}
                    </span>
                  )}
                  {mine && (
                    <span className={clsx('shrink-0 text-xs text-slate-600', !isStaffLevel(level) && 'ml-auto')}>
                      {t('userList.you')}
                    </span>
                  )}
                </Button>
                {open && (
                  <UserMenu
                    id={`${baseId}-menu-${user.id}`}
                    nickname={user.nickname}
                    actions={actions}
                    onAction={(action) => onAction(user, action)}
                    onClose={close}
                    note={
                      offer && !chanServ ? (
                        <PeaceNote
                          reasons={offer.reasons}
                          channel={channel}
                          level={selfLevel}
                          nickname={user.nickname}
                        />
                      ) : undefined
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
