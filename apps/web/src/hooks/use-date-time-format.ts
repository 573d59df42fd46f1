import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats ISO dates as date and time in the interface language; an unreadable value is shown as it came. */
export function useDateTimeFormat(dateStyle: 'short' | 'long' = 'short'): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle, timeStyle: 'short' });
    return (iso: string) => {
      const date = toDate(iso);
      return date ? format.format(date) : iso;
    };
  }, [language, dateStyle]);
}

/** The short date and the time apart, for a narrow column that shows them on two lines. */
export function useDateAndTime(): (iso: string) => { date: string; time: string } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'short' });
    const timeFormat = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    return (iso: string) => {
      const date = toDate(iso);
      return date ? { date: dateFormat.format(date), time: timeFormat.format(date) } : { date: iso, time: '' };
    };
  }, [language]);
}
