import { operatorLevel } from '@papo/contract/chat';
import { useChatStore } from '../store/chat-store';
import { BansPanel } from './bans-panel';

/** The channel's "Banimentos" under its user list, for its operators and up only (the server refuses anyone else). */
export function OperatorBans({ channel }: { channel: string }) {
  const level = useChatStore((state) => state.userChannelLevels[channel] ?? 0);
  if (level < operatorLevel) return null;
  return (
    <div className="mt-3 border-t border-slate-200 px-4 pt-3">
      <BansPanel channel={channel} />
    </div>
  );
}
