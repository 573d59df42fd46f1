import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api';
import { useContactMessage } from '../api/get-contact-message';
import { parseContactId } from '../lib/reply-draft';
import { BackLink } from '../../../components/back-link';
import { paths } from '../../../config/paths';
import { ContactMessageView } from './contact-message-view';
import { MailboxLoadError } from './mailbox-load-error';
import { MessageNotFound } from './message-not-found';
import { LoadingState } from '../../../components/ui/load-state';

/** /mail/{id}: one contact message and its reply form (members-area §2); only numeric ids are loaded (§5). */
export function ContactMessageScreen() {
  const { t } = useTranslation();
  const id = parseContactId(useParams().id);
  const message = useContactMessage(id);

  if (id === null) return <MessageNotFound />;
  if (message.error instanceof ApiError && message.error.status === 404) return <MessageNotFound />;
  if (message.data) return <ContactMessageView key={id} contact={message.data} />;

  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={t('mailbox.message.title', { id })} />
      <BackLink to={paths.mailbox} className="mb-4">
        {t('mailbox.message.back')}
      </BackLink>
      <h1 className="sr-only">{t('mailbox.message.title', { id })}</h1>
      {message.isError ? (
        <MailboxLoadError
          title={t('mailbox.message.loadError')}
          error={message.error}
          onRetry={() => void message.refetch()}
        />
      ) : (
        <LoadingState variant="card" title={t('mailbox.message.loading')} testId="message-loading" />
      )}
    </div>
  );
}
