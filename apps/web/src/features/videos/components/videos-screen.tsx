import type { Playlist } from '@papo/contract/media';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Island } from '../../../islands/island';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { useChannelContent } from '../api/youtube';
import { PlaylistCarousel } from './playlist-carousel';
import { VideoCardBody, videoCardClass } from './video-card';

// the player's dialog (Radix) loads when a video is first opened, not with the page (decision 019).
const VideoModal = lazy(() => import('./video-modal').then((m) => ({ default: m.VideoModal })));

/** A playlist's carousel and the modal player its thumbnails open: an island of the public page (decision 042). */
export function PlaylistPlayer({ playlist }: { playlist: Playlist }) {
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <PlaylistCarousel playlist={playlist} onOpen={setOpen} />
      {open !== null && (
        <Suspense fallback={null}>
          <VideoModal videos={playlist.videos} index={open} onIndexChange={setOpen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** The Videos screen: the recent uploads as a grid, then each playlist as a titled carousel. */
export function VideosScreen() {
  const { t } = useTranslation();
  const content = useChannelContent();

  return (
    <div className="mx-auto max-w-6xl">
      <PageMeta title={t('videos.title')} description={t('meta.videos')} card="videos" pageType="CollectionPage" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('videos.title')}</h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600">{t('videos.intro')}</p>
      <QueryView
        query={content}
        empty={{
          title: t('videos.empty'),
          isEmpty: (data) => data.recentVideos.length === 0 && data.playlists.length === 0,
        }}
      >
        {(data) => (
          <>
            <section aria-labelledby="recent-videos" className="mt-8">
              <h2 id="recent-videos" className="mb-4 text-xl font-semibold text-slate-900">
                {t('videos.recent')}
              </h2>
              <ul
                className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
                data-testid="recent-videos"
              >
                {data.recentVideos.map((video) => (
                  <li key={video.id}>
                    <Link to={`/video/${video.id}`} className={videoCardClass}>
                      <VideoCardBody video={video} />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
            {data.playlists.map((playlist) => (
              <section key={playlist.id} aria-labelledby={`playlist-${playlist.id}`} className="mt-10">
                <h2 id={`playlist-${playlist.id}`} className="mb-4 text-xl font-semibold text-slate-900">
                  {playlist.title}
                </h2>
                <Island name="playlist" component={PlaylistPlayer} props={{ playlist }} />
              </section>
            ))}
          </>
        )}
      </QueryView>
    </div>
  );
}
