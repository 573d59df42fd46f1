import { lazy, Suspense } from 'react';
import { useNowPlaying } from '../../lib/now-playing';
import { useRouteHandle } from '../routes/use-route-handle';

// the bar and its icons load once music plays, not with every page's first download (decision 019).
const MiniPlayerBar = lazy(() => import('./mini-player-bar').then((m) => ({ default: m.MiniPlayerBar })));

/**
 * The track playing, with its controls, on every page of the default layout once the visitor has started the player;
 * not on the music page, which shows the player itself. The route is read here, not handed in: on public pages this
 * is an island outside the main region, which stays while the pages around it change.
 */
export function MiniPlayer() {
  const nowPlaying = useNowPlaying();
  const onMusicPage = useRouteHandle()?.name === 'music';
  if (!nowPlaying || onMusicPage) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayerBar nowPlaying={nowPlaying} />
    </Suspense>
  );
}
