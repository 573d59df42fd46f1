import { Hash, LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { NotFound } from '../../../components/not-found';
import { PageMeta } from '../../../components/page-meta';
import { paths } from '../../../config/paths';
import { useChannelSummary } from '../api/channel';
import { statusOf } from '../../../lib/api';

/**
 * A channel's address for a visitor: the channel's name, topic and the way in (sign in or create an account),
 * rendered by the server like every public page; an address that is no channel is the 404 page. Members get the chat.
 */
export function ChannelVisitorScreen({ channel }: { channel: string }) {
  const { t } = useTranslation();
  const summary = useChannelSummary(channel);
  if (summary.isPending) return <LoadingState title={t('channelVisitor.loading')} />;
  if (summary.isError) {
    if (statusOf(summary.error) === 404) return <NotFound />;
    return <ErrorState onRetry={() => void summary.refetch()} />;
  }
  const name = `#${summary.data.name}`;
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16"
      data-testid="channel-visitor"
    >
      <PageMeta title={name} description={t('meta.channel', { channel: name })} card="channels" />
      <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-700" aria-hidden="true">
        <Hash className="size-7" />
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{name}</h1>
      {summary.data.topic && (
        <p className="mt-3 text-base text-slate-700">
          <span className="font-semibold">{t('channelVisitor.topic')}</span> {summary.data.topic}
        </p>
      )}
      <p className="mt-3 text-base text-slate-600">{t('channelVisitor.intro', { channel: name })}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.login} className={buttonClass({ size: 'md' })}>
          <LogIn className="size-4" aria-hidden="true" />
          {t('channelVisitor.login')}
        </Link>
        <Link to={paths.register} className={buttonClass({ variant: 'secondary', size: 'md' })}>
          <UserPlus className="size-4" aria-hidden="true" />
          {t('channelVisitor.register')}
        </Link>
      </div>
      <Link to={paths.channels} className={`mt-6 text-sm ${buttonClass({ variant: 'link' })}`}>
        {t('channelVisitor.allChannels')}
      </Link>
    </section>
  );
}
