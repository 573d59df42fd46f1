import type { ChannelBan } from '@papo/contract/channel-bans';
import { clientRooms } from '@papo/contract/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/load-state';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api';
import { getSocket } from '../../../lib/socket';
import { channelBansKey, forgetBan, useChannelBans, useLiftBan } from '../api/bans';

/**
 * "Banimentos": the channel's bans in force for its operators and up — who, by whom, why, until when — each with a
 * lift behind a confirmation. A ban set or lifted anywhere (web or IRC) reads the list again.
 */
export function BansPanel({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bans = useChannelBans(channel);
  const [lifting, setLifting] = useState<ChannelBan | null>(null);
  useBanEvents(channel);

  let body;
  if (bans.isPending) body = <LoadingState />;
  else if (bans.isError) body = <ErrorState onRetry={() => void bans.refetch()} text={errorText(t, bans.error)} />;
  else if (bans.data.bans.length === 0) body = <EmptyState title={t('bansPanel.empty', { channel: `#${channel}` })} />;
  else {
    body = (
      <ul className="divide-y divide-slate-100" data-testid="bans-list">
        {bans.data.bans.map((ban) => (
          <BanRow key={ban.userId} ban={ban} onLift={() => setLifting(ban)} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={titleId} data-testid="bans-panel">
      <h2 id={titleId} className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Ban className="size-4 text-red-700" aria-hidden="true" />
        {t('bansPanel.title')}
      </h2>
      {body}
      {lifting && <LiftDialog channel={channel} ban={lifting} onDone={() => setLifting(null)} />}
    </section>
  );
}

function BanRow({ ban, onLift }: { ban: ChannelBan; onLift: () => void }) {
  const { t, i18n } = useTranslation();
  const until = ban.expiresAt
    ? t('bansPanel.until', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(ban.expiresAt),
        ),
      })
    : t('bansPanel.untilLifted');
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2.5" data-testid="ban-row">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{ban.nickname}</p>
        <p className="text-sm text-slate-600">
          {ban.by ? t('bansPanel.by', { nickname: ban.by }) : t('bansPanel.byGone')}
        </p>
        <p className="text-sm text-slate-600">
          {ban.reason ? t('bansPanel.reason', { reason: ban.reason }) : t('bansPanel.noReason')}
        </p>
        <p className="text-sm text-slate-500">{until}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onLift}
        aria-label={t('bansPanel.liftLabel', { nickname: ban.nickname })}
      >
        {t('bansPanel.lift')}
      </Button>
    </li>
  );
}

function LiftDialog({ channel, ban, onDone }: { channel: string; ban: ChannelBan; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const lift = useLiftBan(channel);
  const confirm = () =>
    lift.mutate(ban, {
      onSuccess: () => {
        toast.show({ message: t('bansPanel.lifted', { nickname: ban.nickname }) });
        onDone();
      },
    });
  return (
    <ConfirmDialog
      title={t('bansPanel.confirmTitle', { nickname: ban.nickname })}
      text={t('bansPanel.confirmText', { nickname: ban.nickname, channel: `#${channel}` })}
      confirmLabel={t('bansPanel.lift')}
      cancelLabel={t('bansPanel.cancel')}
      tone="neutral"
      busy={lift.isPending}
      error={lift.isError ? errorText(t, lift.error) : null}
      onConfirm={confirm}
      onCancel={onDone}
      testId="lift-ban-dialog"
    />
  );
}

/**
 * Keeps the list live: a ban set in this channel by anyone (web or IRC) reads it again; a lifted one is dropped from
 * it without a read (the event says whose).
 */
function useBanEvents(channel: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const room = clientRooms.channel(channel);
    const banned = (event: { channel: string }) => {
      if (event.channel === room) void client.invalidateQueries({ queryKey: channelBansKey(channel) });
    };
    const unbanned = (event: { channel: string; userId: number }) => {
      if (event.channel === room) forgetBan(client, channel, event.userId);
    };
    socket.on('user-banned', banned);
    socket.on('user-unbanned', unbanned);
    return () => {
      socket.off('user-banned', banned);
      socket.off('user-unbanned', unbanned);
    };
  }, [channel, client]);
}
