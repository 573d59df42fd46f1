import type { OpenChannelsAnswer } from '@papo/contract/open-channels';
import { apiFetch } from '../../../lib/api';

/** `GET /api/open-channels`: the tabs the member keeps open on every device (names without '#'). */
export async function getOpenChannels(): Promise<string[]> {
  return (await apiFetch<OpenChannelsAnswer>('/api/open-channels')).channels;
}

/** Keeps the channel among the member's open ones (every device opens it). */
export async function rememberOpenChannel(channel: string): Promise<void> {
  await apiFetch<OpenChannelsAnswer>(`/api/open-channels/${channel}`, { method: 'PUT' });
}

/** The member closed the channel's tab. */
export async function forgetOpenChannel(channel: string): Promise<void> {
  await apiFetch<OpenChannelsAnswer>(`/api/open-channels/${channel}`, { method: 'DELETE' });
}
