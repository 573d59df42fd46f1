import type { Notification } from '@papo/contract/socket-events';
import { Bell } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDismiss } from '../../../hooks/use-dismiss';
import { useHeaderDropdown } from '../../../hooks/use-header-dropdown';
import { useSession } from '../../../lib/session';
import { findConversationWith } from '../api/find-conversation-with';
import { markAllNotificationsRead, markNotificationRead } from '../api/notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { notificationStore, useNotificationState } from '../lib/notification-store';
import { notificationTarget } from '../lib/notification-target';
import { NotificationPanel } from './notification-panel';

const ignore = () => undefined;

/**
 * The header bell (members-area §2 Header, §4): unread badge; the dropdown reloads the list when it
 * opens; choosing one marks it read (here first, then on the server) and goes where it points; an
 * outside click closes the dropdown and marks all read. Only one header dropdown is open at a time.
 */
export function LiveNotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { notifications, unreadCount } = useNotificationState();
  const reload = useLiveNotifications(session?.userId ?? null);
  const [open, setOpen] = useHeaderDropdown('bell');
  const [list, setList] = useState<'ready' | 'loading' | 'error'>('ready');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const markAll = useCallback(() => {
    if (notificationStore.getState().unreadCount === 0) return;
    notificationStore.markAllRead();
    markAllNotificationsRead().catch(ignore);
  }, []);

  const close = useCallback(
    (reason: 'escape' | 'outside') => {
      setOpen(false);
      if (reason === 'outside') markAll();
      else buttonRef.current?.focus();
    },
    [setOpen, markAll],
  );
  useDismiss(rootRef, open, close);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setList('loading');
    reload().then(
      () => setList('ready'),
      () => setList('error'),
    );
  };

  const choose = async (notification: Notification) => {
    if (notificationStore.markRead(notification.id)) markNotificationRead(notification.id).catch(ignore);
    setOpen(false);
    const target = notificationTarget(notification);
    if (target?.kind === 'path') await navigate(target.path);
    if (target?.kind === 'conversationWith') {
      const id = await findConversationWith(target.name).catch(() => null);
      if (id !== null) await navigate(`/pvt/${id}`);
    }
  };

  const label = unreadCount > 0 ? t('notifications.buttonUnread', { count: unreadCount }) : t('notifications.button');
  return (
    <div ref={rootRef} className="relative">
      <Button
        variant="icon"
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        onClick={toggle}
        data-testid="notification-bell"
        className="relative"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unreadCount > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-[1.125rem] text-white ring-2 ring-white"
          >
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        )}
      </Button>
      {open && (
        <NotificationPanel
          id={panelId}
          notifications={notifications}
          unreadCount={unreadCount}
          list={list}
          onChoose={(notification) => void choose(notification)}
          onMarkAll={markAll}
        />
      )}
    </div>
  );
}
