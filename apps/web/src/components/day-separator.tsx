import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localDay } from '../lib/chat-timeline';

/** "Hoje", "Ontem" or the date, in the interface language, for a day separator. */
export function useDayLabel(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
    const dateWithYear = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });
    return (iso: string) => {
      const now = new Date();
      const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
      const day = localDay(iso);
      if (day === localDay(now.toISOString())) return t('chatTimeline.today');
      if (day === localDay(yesterday.toISOString())) return t('chatTimeline.yesterday');
      const when = new Date(iso);
      return (when.getFullYear() === now.getFullYear() ? date : dateWithYear).format(when);
    };
  }, [t, i18n.language]);
}

/**
 * A list item that says a new day starts here in a chat log. It stays a list item (a list may hold
 * nothing else), so a screen reader reads the day as one entry of the log.
 */
export function DaySeparator({ label }: { label: string }) {
  return (
    <li data-testid="day-separator" className="my-2 flex items-center gap-3 px-3 text-xs font-semibold text-slate-600">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span className="first-letter:uppercase">{label}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </li>
  );
}

/** A list item that marks where the reader left off: what follows arrived since. */
export function UnreadMarker() {
  const { t } = useTranslation();
  return (
    <li data-testid="unread-marker" className="my-1 flex items-center gap-3 px-3 text-xs font-semibold text-red-700">
      <span aria-hidden="true" className="h-px flex-1 bg-red-300" />
      <span>{t('chatTimeline.unread')}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-red-300" />
    </li>
  );
}
