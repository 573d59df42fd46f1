import { openChannelRoutes } from '@papo/contract/browser-routes/open-channels';
import { api } from '../../../lib/api';

/** `GET /api/open-channels`: the tabs the member keeps open on every device (names without '#'). */
export async function getOpenChannels(): Promise<string[]> {
  return (await api(openChannelRoutes.list)).channels;
}

/** Keeps the channel among the member's open ones (every device opens it). */
export async function rememberOpenChannel(channel: string): Promise<void> {
  await api(openChannelRoutes.open, { params: { name: channel } });
}

/** The member closed the channel's tab. */
export async function forgetOpenChannel(channel: string): Promise<void> {
  await api(openChannelRoutes.close, { params: { name: channel } });
}
