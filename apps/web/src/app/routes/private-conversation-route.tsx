import { ChannelTabs } from '../../features/chat/components/channel-tabs';
import { PrivateConversationScreen } from '../../features/conversations/components/private-conversation-screen';

/**
 * /pvt/{id} with the member's open channels' tabs above the conversations': on a phone (no sidebar) a conversation
 * opened by `/msg` from a channel must not hide the way back to it.
 */
export function PrivateConversationRoute() {
  return <PrivateConversationScreen channelTabs={<ChannelTabs />} />;
}
