import { channelNamePattern } from '@papo/contract/channels';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ChannelScreen } from './channel-screen';

/** The `/:slug` route: a slug that cannot be a channel name is a 404; each channel gets a fresh screen. */
export function ChannelRoute() {
  const { slug } = useParams();
  if (!slug || !channelNamePattern.test(slug)) return <NotFound />;
  return <ChannelScreen key={slug} channel={slug} />;
}
