import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The way back to the mailbox list above a message. */
export function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.mailbox}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('mailbox.message.back')}
    </Link>
  );
}
