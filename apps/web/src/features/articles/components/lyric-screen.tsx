import type { LyricDetail, LyricsPage } from '@papo/contract/articles';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { paths } from '../../../config/paths';
import { useLyric } from '../api/get-lyrics';
import { articleKeys } from '../api/keys';
import { useArrowKeys } from '../../../hooks/use-arrow-keys';
import { useSwipe, type SwipeDirection } from '../../../hooks/use-swipe';
import { buttonClass } from '../../../components/ui/button';
import { uploadSrc } from '../../../lib/images';
import { ArticleBody } from './article-body';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { ArticleMeta } from './page-meta';
import { ShareMenu } from './share-menu';
import { Island } from '../../../islands/island';
import { YoutubeEmbed } from './youtube-embed';
import { siteOrigin } from '../../../lib/request-context';
import { statusOf } from '../../../lib/api';

/** A neighbour's title when the list is already in the cache (the peek never costs a request). */
function useNeighbourTitle(slug: string): string | null {
  const list = useQueryClient().getQueryData<LyricsPage>(articleKeys.lyrics);
  return list?.lyrics.find((lyric) => lyric.slug === slug)?.title ?? null;
}

/**
 * The neighbour's card beside the lyric, just off screen, moved with it (the same transform): as the finger drags the
 * lyric aside, the neighbour slides into view from that edge (not left off screen, clipped).
 */
function Peek({
  side,
  title,
  label,
  transform,
  animated,
}: {
  side: 'left' | 'right';
  title: string | null;
  label: string;
  transform: string;
  animated: boolean;
}) {
  return (
    <div
      aria-hidden="true"
      data-testid={`lyric-peek-${side}`}
      style={{ transform }}
      className={clsx(
        'absolute top-0 flex h-40 w-[85%] flex-col justify-center rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        side === 'left' ? 'right-[calc(100%+1rem)]' : 'left-[calc(100%+1rem)]',
        animated && 'transition-transform duration-200',
      )}
    >
      <p className="text-xs font-semibold tracking-wide text-emerald-700 uppercase">{label}</p>
      {title && <p className="mt-1 text-lg font-bold text-slate-900">{title}</p>}
    </div>
  );
}

function LyricMedia({ lyric }: { lyric: LyricDetail }) {
  if (lyric.youtube) return <YoutubeEmbed id={lyric.youtube} title={lyric.title} />;
  const image = lyric.images[0]?.image ?? lyric.cover;
  if (!image) return null;
  return (
    <img
      src={uploadSrc(image)}
      alt=""
      width={1200}
      height={630}
      className="aspect-[40/21] w-full rounded-xl object-cover"
    />
  );
}

/**
 * The lyric itself, which a swipe (touch) or the arrow keys move to the next or previous lyric, wrapping around the
 * list: an island of the public page (decision 042), its answer the one the page handed over.
 */
export function LyricSwipe({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const lyric = useLyric(slug);
  const navigate = useNavigate();
  const data = lyric.data;
  const go = useCallback(
    (direction: SwipeDirection) => {
      if (!data) return;
      const target = direction === 'next' ? data.next : data.previous;
      if (target && target !== data.slug) void navigate(`/lyrics/${target}`);
    },
    [data, navigate],
  );
  const swipe = useSwipe(go);
  useArrowKeys((step) => go(step === 1 ? 'next' : 'previous'));
  const nextTitle = useNeighbourTitle(data?.next ?? '');
  const previousTitle = useNeighbourTitle(data?.previous ?? '');
  if (!data) return null;
  const l = data;
  const path = `/lyrics/${l.slug}`;
  const transform = swipe.leaving
    ? `translateX(${swipe.leaving === 'next' ? '-110%' : '110%'})`
    : `translateX(${swipe.offset}px)`;
  const alone = l.next === l.slug;
  return (
    <div className="relative" style={{ touchAction: 'pan-y' }} {...swipe.handlers}>
      {!alone && swipe.offset > 0 && (
        <Peek
          side="left"
          title={previousTitle}
          label={t('articles.lyrics.previous')}
          transform={transform}
          animated={Boolean(swipe.leaving)}
        />
      )}
      {!alone && swipe.offset < 0 && (
        <Peek
          side="right"
          title={nextTitle}
          label={t('articles.lyrics.next')}
          transform={transform}
          animated={Boolean(swipe.leaving)}
        />
      )}
      <article
        data-testid="lyric"
        className={clsx(
          'space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8',
          swipe.offset === 0 || swipe.leaving ? 'transition-transform duration-200' : '',
        )}
        style={{ transform }}
      >
        <LyricMedia lyric={l} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 lang="pt-BR" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {l.title}
            </h1>
            <p className="mt-1 text-sm text-slate-600" data-testid="lyric-composer">
              {l.composer ? t('articles.lyrics.composer', { name: l.composer }) : t('articles.lyrics.publicDomain')}
            </p>
          </div>
          <ShareMenu title={l.title} url={`${siteOrigin()}${path}`} />
        </div>
        <ArticleBody html={l.content} />
      </article>
    </div>
  );
}

/** One lyric /lyrics/{slug} (public-site §2.4): breadcrumb, video or picture, the text, a share menu, its neighbours. */
export function LyricScreen() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const lyric = useLyric(slug);

  if (lyric.isPending) return <LoadingState title={t('articles.lyrics.loadingOne')} testId="lyric-loading" />;
  if (lyric.isError) {
    if (statusOf(lyric.error) === 404) return <NotFound />;
    return <ErrorState title={t('articles.lyrics.loadOneError')} onRetry={() => void lyric.refetch()} />;
  }
  const l = lyric.data;
  const alone = l.next === l.slug;

  return (
    <div className="mx-auto max-w-3xl overflow-x-clip">
      <ArticleMeta article={l} lyric />
      <nav aria-label={t('articles.lyrics.breadcrumb')} className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-slate-600">
          <li>
            <Link to={paths.home} className={buttonClass({ variant: 'link' })}>
              {t('articles.lyrics.home')}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={paths.lyrics} className={buttonClass({ variant: 'link' })}>
              {t('articles.lyrics.title')}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="font-medium text-slate-900">
            {l.title}
          </li>
        </ol>
      </nav>
      <Island name="lyric-swipe" component={LyricSwipe} props={{ slug: l.slug }} />
      {!alone && (
        <nav aria-label={t('articles.lyrics.neighbours')} className="mt-6 flex justify-between gap-3">
          <Link
            to={`/lyrics/${l.previous}`}
            className={`inline-flex items-center gap-1 text-sm ${buttonClass({ variant: 'link' })}`}
            rel="prev"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('articles.lyrics.previous')}
          </Link>
          <p className="hidden text-xs text-slate-500 sm:block">{t('articles.lyrics.keysHint')}</p>
          <Link
            to={`/lyrics/${l.next}`}
            className={`inline-flex items-center gap-1 text-sm ${buttonClass({ variant: 'link' })}`}
            rel="next"
          >
            {t('articles.lyrics.next')}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </nav>
      )}
    </div>
  );
}
