import type { Notification } from '@papo/contract/socket-events';
import { BellOff, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationItem, useNotificationText } from './notification-item';
import { Button } from '../../../components/ui/button';

interface NotificationPanelProps {
  id: string;
  notifications: Notification[];
  unreadCount: number;
  list: 'ready' | 'loading' | 'error';
  onChoose: (notification: Notification) => void;
  onMarkAll: () => void;
}

/** The bell's dropdown, about 16rem wide (members-area §2 Header). */
export function NotificationPanel({
  id,
  notifications,
  unreadCount,
  list,
  onChoose,
  onMarkAll,
}: NotificationPanelProps) {
  const { t } = useTranslation();
  const textOf = useNotificationText();
  const headingId = useId();
  const waiting = list === 'loading' && notifications.length === 0;

  return (
    <div
      id={id}
      role="region"
      aria-labelledby={headingId}
      data-testid="notification-panel"
      className="fixed inset-x-2 top-[4.5rem] z-40 rounded-lg border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-80"
    >
      <h2 id={headingId} className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900">
        {t('notifications.title')}
      </h2>
      {waiting && (
        <p role="status" className="flex items-center gap-2 px-3 py-4 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('notifications.loading')}
        </p>
      )}
      {list === 'error' && (
        <p role="alert" className="px-3 pt-3 text-sm text-red-800">
          {t('notifications.loadError')}
        </p>
      )}
      {!waiting && notifications.length === 0 && list !== 'error' && (
        <p className="flex items-center gap-2 px-3 py-4 text-sm text-slate-600" data-testid="notification-empty">
          <BellOff className="size-4" aria-hidden="true" />
          {t('notifications.empty')}
        </p>
      )}
      {notifications.length > 0 && (
        <ul className="max-h-80 overflow-y-auto p-1">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              text={textOf(notification)}
              onChoose={onChoose}
            />
          ))}
        </ul>
      )}
      {unreadCount > 0 && (
        <div className="border-t border-slate-100 p-1">
          <Button
            variant="plain"
            onClick={onMarkAll}
            className="w-full rounded-md px-3 py-2 text-center text-xs font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
          >
            {t('notifications.markAll')}
          </Button>
        </div>
      )}
    </div>
  );
}
