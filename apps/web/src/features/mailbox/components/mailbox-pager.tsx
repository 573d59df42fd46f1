import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

interface MailboxPagerProps {
  page: number;
  pages: number;
}

const stepClass =
  'inline-flex items-center gap-1 rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';

function pageHref(page: number): string {
  return page <= 1 ? paths.mailbox : `${paths.mailbox}?page=${page}`;
}

/** A step link, or an inert look-alike at either end (a disabled link is not a thing in HTML). */
function Step({ to, children }: { to: number | null; children: ReactNode }) {
  if (to === null) {
    return (
      <span aria-disabled="true" className={clsx(stepClass, 'cursor-not-allowed border-slate-200 text-slate-400')}>
        {children}
      </span>
    );
  }
  return (
    <Link
      to={pageHref(to)}
      className={clsx(stepClass, 'border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50')}
    >
      {children}
    </Link>
  );
}

/** Previous and next links around "page X of Y"; the page lives in the address so back and reload keep it. */
export function MailboxPager({ page, pages }: MailboxPagerProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('mailbox.pager.label')} className="flex items-center justify-between gap-3">
      <Step to={page > 1 ? Math.min(page - 1, pages) : null}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('mailbox.pager.previous')}
      </Step>
      <p data-testid="mailbox-page-status" className="whitespace-nowrap text-sm text-slate-600 tabular-nums">
        {t('mailbox.pager.status', { page, pages })}
      </p>
      <Step to={page < pages ? page + 1 : null}>
        {t('mailbox.pager.next')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </Step>
    </nav>
  );
}
