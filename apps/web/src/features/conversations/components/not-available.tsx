import { MessageCircleOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ConversationHeader } from './conversation-header';
import { StatePanel } from '../../../components/ui/state-panel';
import { buttonClass } from '../../../components/ui/button';

/** A conversation that does not exist or is someone else's: said plainly, with a way on. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('pvt.notAvailableTitle')} />
      <ConversationHeader title={t('pvt.title')} other={null} blocked={false} />
      <StatePanel
        icon={MessageCircleOff}
        title={t('pvt.notAvailableTitle')}
        text={t('pvt.notAvailableText')}
        testId="pvt-not-available"
      >
        <Link to={paths.channels} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('pvt.goToChannels')}
        </Link>
      </StatePanel>
    </>
  );
}
