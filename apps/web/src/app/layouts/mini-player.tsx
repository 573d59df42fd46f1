import { lazy, Suspense } from 'react';
import { useNowPlaying } from '../../lib/now-playing';

// NOTE: the bar and its icons load once music plays, not with every page's first download (decision 019).
const MiniPlayerBar = lazy(() => import('./mini-player-bar').then((m) => ({ default: m.MiniPlayerBar })));

/** The track playing, with its controls, on every page of the default layout once the visitor has started the player. */
export function MiniPlayer({ hidden }: { hidden: boolean }) {
  const nowPlaying = useNowPlaying();
  if (!nowPlaying || hidden) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayerBar nowPlaying={nowPlaying} />
    </Suspense>
  );
}
