import { channelNamePattern, defaultChannel } from '@papo/contract/channels';
import { Navigate, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { channelPath } from '../../../config/paths';
import { useFavoriteChannels } from '../../channels/api/get-favorite-channels';
import { ChannelScreen } from './channel-screen';

/** No channel named: the first favourite, or the default channel (members-area §4 Channel). */
function FirstChannel() {
  const { data, isPending } = useFavoriteChannels(true);
  if (isPending) return null;
  return <Navigate to={channelPath(data?.[0] ?? defaultChannel)} replace />;
}

/** The `/:slug` route: a slug that cannot be a channel name is a 404. */
export function ChannelRoute() {
  const { slug } = useParams();
  if (!slug) return <FirstChannel />;
  if (!channelNamePattern.test(slug)) return <NotFound />;
  return <ChannelScreen key={slug} channel={slug} />;
}
