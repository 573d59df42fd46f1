import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { Island } from '../../../islands/island';
import { useTracks } from '../api/get-tracks';
import { setTracks } from '../player/engine';
import { Player } from './player';

/** The player with its analyzer and the track list: an island of the public page (decision 042). */
export function MusicPlayer() {
  const { t } = useTranslation();
  const tracks = useTracks();
  useEffect(() => {
    if (tracks.data?.length) setTracks(tracks.data);
  }, [tracks.data]);
  return (
    <QueryView query={tracks} empty={{ title: t('music.empty'), isEmpty: (list) => list.length === 0 }}>
      {(list) => <Player tracks={list} />}
    </QueryView>
  );
}

/** The music page (`/music` and `/home{name}`): the player with its analyzer and the 28 tracks. */
export function MusicScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl">
      <PageMeta title={t('music.title')} description={t('meta.music')} card="music" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('music.title')}</h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600">{t('music.intro')}</p>
      <Island name="music-player" component={MusicPlayer} props={{}} />
    </div>
  );
}
