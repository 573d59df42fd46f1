import { channelNamePattern } from '@papo/contract/channel-names';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { useSession } from '../../../lib/session';
import { ChannelVisitorScreen } from './channel-visitor-screen';

// the chat (socket, store, dialogs) loads for members only; a visitor's page of a channel is rendered by the server.
const ChannelScreen = lazy(() => import('./channel-screen').then((m) => ({ default: m.ChannelScreen })));

/**
 * The `/:slug` route: a slug that cannot be a channel name is a 404; a visitor gets the channel's page with the way in,
 * a member the chat (a fresh screen for each channel).
 */
export function ChannelRoute() {
  const { slug } = useParams();
  const session = useSession();
  if (!slug || !channelNamePattern.test(slug)) return <NotFound />;
  if (!session) return <ChannelVisitorScreen channel={slug} />;
  return (
    <Suspense fallback={null}>
      <ChannelScreen key={slug} channel={slug} />
    </Suspense>
  );
}
