import { channelCategories, channelCategoryOrder } from '@papo/contract/channel-names';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChannelChip, categoryIcons, useCategoryLabels } from '../../../components/channel-categories';
import { paths } from '../../../config/paths';

/** How many channels each category shows on the home page; the Channels page lists them all. */
const chipsPerCategory = 6;

/** The four channel categories, each with its first channels as chips. */
export function CategoryChips() {
  const { t } = useTranslation();
  const labels = useCategoryLabels();
  return (
    <section aria-labelledby="home-categories-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="home-categories-title" className="text-xl font-bold tracking-tight text-slate-900">
            {t('home.categoriesTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('home.categoriesText')}</p>
        </div>
        <Link
          to={paths.channels}
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          {t('home.allChannels')}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="grid gap-4 @md:grid-cols-2">
        {channelCategoryOrder.map((category) => {
          const Icon = categoryIcons[category];
          const names = channelCategories[category];
          const hidden = names.length - chipsPerCategory;
          return (
            <li key={category} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                <Icon className="size-4 text-emerald-700" aria-hidden="true" />
                {labels[category]}
              </h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {names.slice(0, chipsPerCategory).map((name) => (
                  <li key={name}>
                    <ChannelChip name={name} />
                  </li>
                ))}
                {hidden > 0 && (
                  <li>
                    <Link
                      to={paths.channels}
                      className="inline-flex items-center rounded-lg px-2.5 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                    >
                      {t('home.moreChannels', { count: hidden })}
                    </Link>
                  </li>
                )}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
