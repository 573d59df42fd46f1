import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemLine } from '../store/chat-line';

/** Formats line times and system-line texts in the interface language. */
export function useLineFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const clock = useMemo(() => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }), [language]);
  const moment = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }), [language]);

  const time = useCallback((iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : clock.format(date);
  }, [clock]);

  const systemText = useCallback(
    (line: SystemLine) => {
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(line.params)) {
        if (name.endsWith('Key') && typeof value === 'string') {
          values[name.slice(0, -3)] = t(value, { ...line.params, defaultValue: value.slice(value.lastIndexOf('.') + 1) });
        } else if (name.endsWith('Time') && typeof value === 'string') {
          const date = new Date(value);
          values[name.slice(0, -4)] = Number.isNaN(date.getTime()) ? value : moment.format(date);
        } else {
          values[name] = value;
        }
      }
      return t(`chatLines.${line.key}`, values);
    },
    [t, moment],
  );

  return { time, systemText };
}
