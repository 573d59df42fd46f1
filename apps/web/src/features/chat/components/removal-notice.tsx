import { chatLimits } from '@papo/contract/chat';
import { Ban, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelStatus } from '../hooks/channel-status';
import { Button } from '../../../components/ui/button';

/** Why the member is not (or no longer) in the channel, and a way back in when there may be one. */
export function RemovalNotice({
  channel,
  status,
  onRejoin,
}: {
  channel: string;
  status: ChannelStatus;
  onRejoin: () => void;
}) {
  const { t, i18n } = useTranslation();
  const moment = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );
  if (status.kind !== 'removed' && status.kind !== 'refused') return null;

  let title: string;
  let detail: string | null = null;
  if (status.kind === 'refused') {
    if (status.message === 'banned') title = t('chat.refusedBanned', { channel });
    else if (status.message === 'channel_daily_limit') {
      const until = moment.format(status.until ?? new Date());
      title = t('chat.refusedDailyLimit', { channel, max: chatLimits.channelsPerDay, until });
    } else if (status.message === 'channel_total_limit')
      title = t('chat.refusedTotalLimit', { channel, max: chatLimits.channelsFounded });
    else if (status.message === 'channel_name_reserved') title = t('errors.channel_name_reserved');
    else title = t('chat.refused', { channel });
  } else {
    const { removal } = status;
    title = removal.ban
      ? removal.ban.expiresAt
        ? t('chat.removedBanned', { channel, by: removal.by, until: moment.format(new Date(removal.ban.expiresAt)) })
        : t('chat.removedBannedForever', { channel, by: removal.by })
      : t('chat.removedKicked', { channel, by: removal.by });
    detail = removal.reason;
  }

  return (
    <div
      role="alert"
      data-testid="removal-notice"
      className="flex flex-col gap-2 border-b border-red-200 bg-red-50 px-3 py-3 text-sm text-red-900 sm:flex-row sm:items-center"
    >
      <Ban className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {detail && <p className="mt-0.5 break-words">{t('chat.reason', { reason: detail })}</p>}
      </div>
      <Button variant="secondary" onClick={onRejoin} data-testid="rejoin">
        <RotateCcw className="size-4" aria-hidden="true" />
        {t('chat.rejoin')}
      </Button>
    </div>
  );
}
