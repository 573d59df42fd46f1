import type { DirectoryChannel } from '@papo/contract/channel-directory';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useCategoryLabels } from '../../../components/channel-categories';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/load-state';
import { channelPath } from '../../../config/paths';
import type { useChannelDirectory } from '../api/channel-directory';

type Directory = ReturnType<typeof useChannelDirectory>;

/** How many members are in a channel now; `compact` shows the number beside a chip, the words for screen readers. */
export function PeopleCount({ count, compact = false }: { count: number; compact?: boolean }) {
  const { t } = useTranslation();
  const words = t('channelDirectory.people', { count });
  if (!compact) return <span className="whitespace-nowrap text-sm text-slate-600">{words}</span>;
  return (
    <span
      className="inline-flex items-center gap-0.5 text-xs font-medium text-emerald-800"
      data-testid="channel-people"
    >
      <Users className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

function ChannelRow({ channel }: { channel: DirectoryChannel }) {
  const { t } = useTranslation();
  const labels = useCategoryLabels();
  return (
    <li>
      <Link
        to={channelPath(channel.name)}
        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg px-3 py-2.5 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <span className="font-mono text-sm font-semibold text-slate-900">
          <span className="text-emerald-700">#</span>
          {channel.name}
        </span>
        <span className="text-xs text-slate-500">
          {channel.category ? labels[channel.category] : t('channelDirectory.founded')}
        </span>
        <span className="ml-auto">
          <PeopleCount count={channel.users} />
        </span>
        {channel.topic && <span className="w-full truncate text-sm text-slate-600">{channel.topic}</span>}
      </Link>
    </li>
  );
}

function MoreButton({ directory }: { directory: Directory }) {
  const { t } = useTranslation();
  if (!directory.hasNextPage) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" busy={directory.isFetchingNextPage} onClick={() => void directory.fetchNextPage()}>
        {t('channelDirectory.more')}
      </Button>
    </div>
  );
}

/** The directory's loading and error states, else its channels as rows (`empty` when there are none). */
function DirectoryList({
  directory,
  channels,
  empty,
}: {
  directory: Directory;
  channels: DirectoryChannel[];
  empty: string;
}) {
  if (directory.isPending) return <LoadingState />;
  if (directory.isError) return <ErrorState onRetry={() => void directory.refetch()} />;
  if (channels.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <ul className="divide-y divide-slate-100" data-testid="channel-directory">
        {channels.map((channel) => (
          <ChannelRow key={channel.name} channel={channel} />
        ))}
      </ul>
      <MoreButton directory={directory} />
    </>
  );
}

/** The channels members founded, a page at a time, by name. */
export function MemberChannels({ directory }: { directory: Directory }) {
  const { t } = useTranslation();
  const channels = directory.data?.pages.flatMap((page) => page.others.channels) ?? [];
  return (
    <section
      aria-labelledby="channels-founded-title"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="directory-founded"
    >
      <h2 id="channels-founded-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t('channelDirectory.foundedTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('channelDirectory.foundedIntro')}</p>
      <DirectoryList directory={directory} channels={channels} empty={t('channelDirectory.foundedEmpty')} />
    </section>
  );
}

/** What a search found: the curated channels first, then the member-founded ones. */
export function DirectoryResults({ query, directory }: { query: string; directory: Directory }) {
  const { t } = useTranslation();
  const pages = directory.data?.pages ?? [];
  const channels = [...(pages[0]?.curated ?? []), ...pages.flatMap((page) => page.others.channels)];
  return (
    <section
      aria-labelledby="channels-results-title"
      aria-busy={directory.isFetching}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="directory-results"
    >
      <h2 id="channels-results-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('channelDirectory.resultsTitle', { query })}
      </h2>
      <DirectoryList directory={directory} channels={channels} empty={t('channelDirectory.noResults', { query })} />
    </section>
  );
}
