import { channelCategories, channelCategoryOrder } from '@papo/contract/channel-names';
import { useTranslation } from 'react-i18next';
import { ChannelChip, categoryIcons, useCategoryLabels } from '../../../components/channel-categories';
import { PageMeta } from '../../../components/page-meta';

/** The Channels page: every public channel, grouped by category in the spec's order. */
export function ChannelsScreen() {
  const { t } = useTranslation();
  const labels = useCategoryLabels();
  return (
    <div className="@container mx-auto max-w-5xl">
      <PageMeta title={t('channels.title')} description={t('meta.channels')} card="channels" pageType="CollectionPage" />
      <div className="mb-6 sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('channels.title')}</h1>
        <p className="mt-2 max-w-2xl text-base text-slate-600">{t('channels.intro')}</p>
      </div>
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
                <span className="grid size-9 place-items-center rounded-lg bg-emerald-50 text-emerald-700" aria-hidden="true">
                  <Icon className="size-5" />
                </span>
                <h2 id={`channels-${category}-title`} className="text-lg font-semibold text-slate-900">
                  {labels[category]}
                </h2>
                <span className="ml-auto whitespace-nowrap text-sm text-slate-500">{t('channels.count', { count: names.length })}</span>
              </div>
              <ul className="flex flex-wrap gap-2">
                {names.map((name) => (
                  <li key={name}>
                    <ChannelChip name={name} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </div>
  );
}
