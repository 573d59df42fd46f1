import { channelCategories, channelCategoryOrder } from '@papo/contract/channel-names';
import { channelSearchMaxLength } from '@papo/contract/channel-directory';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelChip, categoryIcons, useCategoryLabels } from '../../../components/channel-categories';
import { inputClass } from '../../../components/ui/form-field';
import { PageMeta } from '../../../components/page-meta';
import { Island } from '../../../islands/island';
import { useStableId } from '../../../islands/island-id';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';
import { useChannelDirectory } from '../api/channel-directory';
import { DirectoryResults, MemberChannels, PeopleCount } from './channel-directory-list';

/** How long typing pauses before the search asks the server. */
const searchPauseMs = 250;

/**
 * The Channels page: a search over every channel; without one, the curated channels grouped by category in the
 * spec's order (each with how many are in it now), then the channels members founded.
 */
export function ChannelsScreen() {
  const { t } = useTranslation();
  return (
    <div className="@container mx-auto max-w-5xl">
      <PageMeta
        title={t('channels.title')}
        description={t('meta.channels')}
        card="channels"
        pageType="CollectionPage"
      />
      <div className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('channels.title')}</h1>
        <p className="mt-2 max-w-2xl text-base text-slate-600">{t('channels.intro')}</p>
      </div>
      <Island name="channel-directory" component={ChannelDirectory} props={{}} />
    </div>
  );
}

/** The search and what it shows (the results, or the curated and founded channels): an island of the public page. */
export function ChannelDirectory() {
  const { t } = useTranslation();
  const searchId = useStableId('search');
  const [text, setText] = useState('');
  const field = useTypedBeforeHydration<HTMLInputElement>(setText);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().replace(/^#/, '').toLowerCase()), searchPauseMs);
    return () => clearTimeout(timer);
  }, [text]);
  const directory = useChannelDirectory(query);

  return (
    <>
      <form role="search" className="mb-6 max-w-xl" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
          {t('channelDirectory.searchLabel')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            ref={field}
            id={searchId}
            type="search"
            value={text}
            maxLength={channelSearchMaxLength}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('channelDirectory.searchPlaceholder')}
            autoComplete="off"
            className={`${inputClass} pl-9`}
            data-testid="channel-search"
          />
        </div>
      </form>
      {query ? <DirectoryResults query={query} directory={directory} /> : <CuratedAndFounded directory={directory} />}
    </>
  );
}

function CuratedAndFounded({ directory }: { directory: ReturnType<typeof useChannelDirectory> }) {
  const { t } = useTranslation();
  const labels = useCategoryLabels();
  const users = new Map(directory.data?.pages[0]?.curated.map((channel) => [channel.name, channel.users]));
  return (
    <>
      <div className="grid gap-4 @xl:grid-cols-2 @xl:gap-6">
        {channelCategoryOrder.map((category) => {
          const Icon = categoryIcons[category];
          const names = channelCategories[category];
          return (
            <section
              key={category}
              data-testid={`channels-${category}`}
              aria-labelledby={`channels-${category}-title`}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <div className="mb-4 flex items-center gap-3">
                <span
                  className="grid size-9 place-items-center rounded-lg bg-emerald-50 text-emerald-700"
                  aria-hidden="true"
                >
                  <Icon className="size-5" />
                </span>
                <h2 id={`channels-${category}-title`} className="text-lg font-semibold text-slate-900">
                  {labels[category]}
                </h2>
                <span className="ml-auto whitespace-nowrap text-sm text-slate-500">
                  {t('channels.count', { count: names.length })}
                </span>
              </div>
              <ul className="flex flex-wrap gap-2">
                {names.map((name) => (
                  <li key={name} className="inline-flex items-center gap-1.5">
                    <ChannelChip name={name} />
                    {Boolean(users.get(name)) && <PeopleCount count={users.get(name) ?? 0} compact />}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <MemberChannels directory={directory} />
    </>
  );
}
