import { Clock, Eye, CalendarDays, VideoOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { contentCardPath, PageMeta, shareCardSize } from '../../../components/page-meta';
import { StatePanel } from '../../../components/ui/state-panel';
import { ApiError } from '../../../lib/api';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, videoNode } from '../../../lib/structured-data';
import { useVideoDetails } from '../api/youtube';
import { embedUrl, formatDuration, formatLongDate, splitLinks } from './format';
import { VideoFrame } from './video-frame';
import { Island } from '../../../islands/island';
import { useServerRender } from '../../../islands/server-render';

/** A duration in seconds as ISO 8601 (`PT4M13S`), as VideoObject wants it. */
function isoDuration(seconds: number): string | null {
  if (!(seconds > 0)) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** The video does not exist (an unknown or malformed id), rather than failed to load. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The video page `/video/{slug}` (slug is the video id): player, description, tags, views, length, date and social tags. */
export function VideoScreen() {
  const { slug = '' } = useParams();
  const details = useVideoDetails(slug);
  // a failure the server drew is an island, so its try again asks again without the app (decision 042).
  if (useServerRender() && details.isError && !isMissing(details.error))
    return <Island name="video-page" component={VideoPage} props={{ slug }} />;
  return <VideoPage slug={slug} />;
}

/** The page of the video `slug` in any of its states: loading, missing, failed (with a try again) or shown. */
export function VideoPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const details = useVideoDetails(slug);

  if (details.isPending) return <LoadingState />;
  if (details.isError) {
    return isMissing(details.error) ? (
      <StatePanel icon={VideoOff} title={t('videos.notFound')} titleAs="h1" testId="video-not-found" />
    ) : (
      <ErrorState onRetry={() => void details.refetch()} />
    );
  }
  const video = details.data;
  return (
    <article className="mx-auto max-w-4xl" data-testid="video-page">
      <PageMeta
        title={video.title}
        description={video.description || video.title}
        image={{ src: contentCardPath('videos', slug), alt: video.title, ...shareCardSize }}
        card="videos"
        path={`/video/${slug}`}
        type="video.other"
        structuredData={[
          videoNode({
            name: video.title,
            description: video.description || video.title,
            thumbnailUrl: absoluteUrl(siteOrigin(), video.thumbnail || '/media/share/videos.png'),
            uploadDate: video.publishedAt || null,
            duration: isoDuration(video.duration),
            embedUrl: embedUrl(slug),
            url: absoluteUrl(siteOrigin(), `/video/${slug}`),
          }),
        ]}
      />
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{video.title}</h1>
      <VideoFrame key={slug} videoId={slug} title={video.title} autoplay />
      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <Eye className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('videos.views')}</span>
          </dt>
          <dd>
            {t('videos.viewCount', {
              formatted: new Intl.NumberFormat(i18n.language).format(video.statistics.viewCount),
            })}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Clock className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('videos.duration')}</span>
          </dt>
          <dd data-testid="video-duration">{formatDuration(video.duration)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <CalendarDays className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('videos.published')}</span>
          </dt>
          <dd>{formatLongDate(video.publishedAt)}</dd>
        </div>
      </dl>
      {/* text nodes only (React escapes them); links are the one thing made into elements. */}
      <p className="mt-4 whitespace-pre-line break-words text-base text-slate-800" data-testid="video-description">
        {splitLinks(video.description).map((part, index) =>
          part.href ? (
            <a
              key={index}
              href={part.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-emerald-800 underline hover:text-emerald-900"
            >
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      {video.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('videos.tags')}>
          {video.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
