import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useBrandName } from '../lib/company';

/** The brand mark linking home. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      aria-label={t('nav.homeLink', { brand })}
      className="inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
    >
      <span className="grid size-8 place-items-center rounded-lg bg-emerald-700 text-white" aria-hidden="true">
        <MessagesSquare className="size-5" strokeWidth={2.25} />
      </span>
      <span aria-hidden="true">{brand}</span>
    </Link>
  );
}
