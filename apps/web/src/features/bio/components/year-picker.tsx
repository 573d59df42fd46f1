import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

const chip =
  'rounded-lg px-2.5 py-1 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-1';

/** Decade buttons ('Anos 1970' …) and year buttons 1974–2025; a decade selects its first year. */
export function YearPicker({
  year,
  years,
  onSelect,
}: {
  year: number;
  years: readonly number[];
  onSelect(year: number): void;
}) {
  const { t } = useTranslation();
  const decades = [...new Set(years.map((y) => Math.floor(y / 10) * 10))];
  const decade = Math.floor(year / 10) * 10;
  return (
    <nav aria-label={t('bio.yearsLabel')} className="flex flex-col gap-3">
      <ul className="flex flex-wrap gap-2">
        {decades.map((d) => (
          <li key={d}>
            <Button
              variant="plain"
              pressed={d === decade}
              onClick={() => onSelect(years.find((y) => y >= d) ?? d)}
              className={clsx(
                chip,
                d === decade
                  ? 'bg-emerald-700 text-white'
                  : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              {t('bio.decade', { decade: d })}
            </Button>
          </li>
        ))}
      </ul>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('bio.yearButtons')}>
        {years.map((y) => (
          <li key={y}>
            <Button
              variant="plain"
              aria-current={y === year ? 'true' : undefined}
              onClick={() => onSelect(y)}
              className={clsx(
                chip,
                'px-2 tabular-nums',
                y === year
                  ? 'bg-emerald-100 text-emerald-900 ring-1 ring-emerald-600'
                  : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {y}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
