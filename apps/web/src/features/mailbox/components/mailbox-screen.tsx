import { mailboxPageSize } from '@papo/contract/contact';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useMailbox } from '../api/get-mailbox';
import { mailboxErrorText } from '../lib/mailbox-errors';
import { parsePage } from '../lib/reply-draft';
import { buttonClass } from '../../../components/ui/button';
import { MailboxLoadError } from './mailbox-load-error';
import { MailboxPager } from './mailbox-pager';
import { MailboxCards, MailboxTable } from './mailbox-table';
import { StatePanel } from '../../../components/ui/state-panel';
import { LoadingState } from '../../../components/ui/load-state';

// below 1280 px the main column (between sidebar and right panel) is too narrow for six columns.
const tableQuery = '(min-width: 1280px)';

/** The staff mailbox /mail: contact messages newest first, 40 a page (members-area §2, §9). */
export function MailboxScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const mailbox = useMailbox(page);
  const wide = useMediaQuery(tableQuery);
  const data = mailbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.limit || mailboxPageSize))) : 1;
  const caption = t('mailbox.caption', { page, pages });

  let content;
  if (mailbox.isPending) {
    content = <LoadingState variant="card" title={t('mailbox.loading')} testId="mailbox-loading" />;
  } else if (mailbox.isError && !data) {
    content = (
      <MailboxLoadError title={t('mailbox.loadError')} error={mailbox.error} onRetry={() => void mailbox.refetch()} />
    );
  } else if (!data || data.total === 0) {
    content = (
      <StatePanel
        variant="card"
        icon={Inbox}
        title={t('mailbox.emptyTitle')}
        text={t('mailbox.emptyText')}
        testId="mailbox-empty"
      />
    );
  } else if (data.contacts.length === 0) {
    content = (
      <StatePanel
        variant="card"
        icon={Inbox}
        title={t('mailbox.pageEmptyTitle')}
        text={t('mailbox.pageEmptyText')}
        testId="mailbox-empty"
      >
        <Link to={paths.mailbox} className={buttonClass({ variant: 'secondary' })}>
          {t('mailbox.firstPage')}
        </Link>
      </StatePanel>
    );
  } else {
    const List = wide ? MailboxTable : MailboxCards;
    content = (
      <div className="space-y-4">
        <div
          aria-busy={mailbox.isPlaceholderData}
          className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-opacity aria-busy:opacity-60"
        >
          <List contacts={data.contacts} caption={caption} />
        </div>
        {pages > 1 && <MailboxPager page={page} pages={pages} />}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t('mailbox.title')} />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('mailbox.title')}</h1>
          <p className="mt-2 max-w-2xl text-base text-slate-600">{t('mailbox.intro')}</p>
        </div>
        {data && data.total > 0 && (
          <p data-testid="mailbox-total" className="text-sm font-medium text-slate-600">
            {t('mailbox.total', { count: data.total })}
          </p>
        )}
      </div>
      {mailbox.isError && data && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {mailboxErrorText(t, mailbox.error)}
        </p>
      )}
      {content}
    </div>
  );
}
