import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemLine } from '../store/chat-line';

interface Formatters {
  clock: Intl.DateTimeFormat;
  moment: Intl.DateTimeFormat;
}

// one pair per language for the whole log; building them per line would cost 500 lines × 2 on every mount.
const formattersByLanguage = new Map<string, Formatters>();

function formattersFor(language: string): Formatters {
  let formatters = formattersByLanguage.get(language);
  if (!formatters) {
    formatters = {
      clock: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }),
      moment: new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }),
    };
    formattersByLanguage.set(language, formatters);
  }
  return formatters;
}

/** Formats line times and system-line texts in the interface language. */
export function useLineFormat() {
  const { t, i18n } = useTranslation();
  const { clock, moment } = formattersFor(i18n.language);

  const time = useCallback(
    (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : clock.format(date);
    },
    [clock],
  );

  const systemText = useCallback(
    (line: SystemLine) => {
      const values: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(line.params)) {
        if (name.endsWith('Key') && typeof value === 'string') {
          // a server message key (`chatErrors.<key>`) falls back to the shared text, never to the raw key.
          const shared = `errors.${value.slice(value.lastIndexOf('.') + 1)}`;
          values[name.slice(0, -3)] = t([value, shared], { ...line.params, defaultValue: t('errors.generic') });
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
