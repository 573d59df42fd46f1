import { Hash, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { buttonClass } from './ui/button';
import { markNotFound } from '../lib/request-context';
import { PageMeta } from './page-meta';

/** The 404 page; also stands in for routes whose screens arrive with later issues. */
export function NotFound() {
  const { t } = useTranslation();
  markNotFound();
  // Where a lost visitor may go next: home first, then the channels.
  const actions = [
    { to: paths.home, variant: 'primary', Icon: House, label: t('notFound.home') },
    { to: paths.channels, variant: 'secondary', Icon: Hash, label: t('notFound.channels') },
  ] as const;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-12 text-center sm:py-20">
      <PageMeta title={t('notFound.title')} description={t('meta.notFound')} noindex />
      <p className="font-mono text-6xl font-bold tracking-tight text-emerald-700" aria-hidden="true">
        404
      </p>
      <h1 data-testid="not-found" className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 text-base text-slate-600">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions.map(({ to, variant, Icon, label }) => (
          <Link key={to} to={to} className={buttonClass({ variant, size: 'md' })}>
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </section>
  );
}
