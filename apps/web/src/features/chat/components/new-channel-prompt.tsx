import { Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';
import { paths } from '../../../config/paths';

/**
 * Asked when the server answers `channel_not_found`: nothing is created until the member says yes
 * (decision 016); the other way out is the list of channels, where a typo is easy to see.
 */
export function NewChannelPrompt({ channel, onCreate }: { channel: string; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      icon={Hash}
      role="alert"
      title={t('chat.newChannel.title', { channel })}
      text={t('chat.newChannel.text')}
      testId="new-channel-prompt"
    >
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" onClick={onCreate} data-testid="create-channel">
          {t('chat.newChannel.create', { channel })}
        </Button>
        <Link to={paths.channels} className={buttonClass({ variant: 'secondary' })}>
          {t('chat.newChannel.browse')}
        </Link>
      </div>
    </StatePanel>
  );
}
