import type { VideoItem } from '@papo/contract/media';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { useVideoSearch } from '../api/youtube';
import { VideoFrame } from './video-frame';
import { Island } from '../../../islands/island';

/** Extra income: a grid of videos; one at a time expands into a 500 px player with Done; more load by page token. */
export function ExtraIncomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <PageMeta
        title={t('extraIncome.title')}
        description={t('meta.extraIncome')}
        card="extraIncome"
        pageType="CollectionPage"
      />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('extraIncome.title')}</h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600">{t('extraIncome.intro')}</p>
      <Island name="extra-income-videos" component={ExtraIncomeVideos} props={{}} />
    </div>
  );
}

/** The videos' grid, its player and "load more" (an island: the page around it is the server's text). */
export function ExtraIncomeVideos() {
  const { t } = useTranslation();
  const search = useVideoSearch();
  const [expanded, setExpanded] = useState<string | null>(null);
  const items: VideoItem[] = search.data?.pages.flatMap((page) => page.items) ?? [];

  return search.isPending ? (
    <LoadingState />
  ) : search.isError && items.length === 0 ? (
    <div className="mt-6">
      <ErrorState onRetry={() => void search.refetch()} />
    </div>
  ) : items.length === 0 ? (
    <div className="mt-6">
      <EmptyState title={t('extraIncome.empty')} />
    </div>
  ) : (
    <>
      <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="extra-income-grid">
        {items.map((item) =>
          expanded === item.id.videoId ? (
            <li
              key={item.id.videoId}
              className="col-span-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="extra-income-expanded"
            >
              <h2 className="mb-3 text-lg font-semibold text-slate-900">{item.snippet.title}</h2>
              <VideoFrame videoId={item.id.videoId} title={item.snippet.title} autoplay height={500} />
              <p className="mt-3 text-sm text-slate-700">{item.snippet.description}</p>
              <Button className="mt-3" onClick={() => setExpanded(null)}>
                <Check className="size-4" aria-hidden="true" />
                {t('extraIncome.done')}
              </Button>
            </li>
          ) : (
            <li key={item.id.videoId}>
              <Button
                variant="plain"
                onClick={() => setExpanded(item.id.videoId)}
                className="group block w-full rounded-lg p-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
              >
                <span className="block aspect-video overflow-hidden rounded-lg bg-slate-200">
                  <img
                    src={item.snippet.thumbnails.high.url}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover transition group-hover:scale-105"
                  />
                </span>
                <span className="mt-2 line-clamp-2 block text-sm font-medium text-slate-900">{item.snippet.title}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{item.snippet.description}</span>
              </Button>
            </li>
          ),
        )}
      </ul>
      {search.isFetchNextPageError && (
        <div className="mt-6">
          <ErrorState onRetry={() => void search.fetchNextPage()} />
        </div>
      )}
      {search.hasNextPage && !search.isFetchNextPageError && (
        <div className="mt-6 flex justify-center">
          <Button busy={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
            {t('extraIncome.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
