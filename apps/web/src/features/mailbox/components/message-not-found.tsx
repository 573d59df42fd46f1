import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { buttonClass } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';

/** Shown for an id that is not a number (no call is made) and for a message the server does not have. */
export function MessageNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl" data-testid="message-not-found">
      <PageTitle title={t('mailbox.message.notFoundTitle')} />
      <StatePanel
        variant="card"
        icon={SearchX}
        titleAs="h1"
        title={t('mailbox.message.notFoundTitle')}
        text={t('mailbox.message.notFoundText')}
      >
        <Link to={paths.mailbox} className={buttonClass({ variant: 'secondary' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('mailbox.message.back')}
        </Link>
      </StatePanel>
    </div>
  );
}
