import type { Notification } from '@papo/contract/socket-events';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { relativeTime } from '../../../lib/relative-time';
import { Button } from '../../../components/ui/button';

/**
 * The sentence of a notification: its `type` is the translation key and `message` the name put in it; one that says
 * who caused it (`by`, a mention's author) reads `{type}By` when that sentence exists.
 */
export function useNotificationText() {
  const { t } = useTranslation();
  return (notification: Notification) =>
    (notification.by
      ? t(`notifications.types.${notification.type}By`, {
          name: notification.message,
          by: notification.by,
          defaultValue: '',
        })
      : '') ||
    t(`notifications.types.${notification.type}`, { name: notification.message, defaultValue: '' }) ||
    t('notifications.types.generic', { name: notification.message });
}

interface NotificationItemProps {
  notification: Notification;
  text: string;
  onChoose: (notification: Notification) => void;
}

/** One row of the dropdown; unread ones are bold with a dot (and say so to screen readers). */
export function NotificationItem({ notification, text, onChoose }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const unread = !notification.isRead;
  return (
    <li>
      <Button
        variant="plain"
        onClick={() => onChoose(notification)}
        data-testid="notification-item"
        data-unread={unread}
        className="flex w-full items-start gap-2.5 rounded-md px-3 py-2 text-left hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
      >
        <span
          aria-hidden="true"
          className={clsx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-emerald-600' : 'bg-transparent')}
        />
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">{t('notifications.unreadMark')} </span>}
          <span
            className={clsx('block break-words text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}
          >
            {text}
          </span>
          <time dateTime={notification.createdAt} className="mt-0.5 block text-xs text-slate-600">
            {relativeTime(notification.createdAt, i18n.language)}
          </time>
        </span>
      </Button>
    </li>
  );
}
