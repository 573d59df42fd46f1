import { sendMessage } from '../api/send-message';
import { errorKey } from '../lib/error-key';
import type { SpokenLine } from './chat-line';
import { addPendingLine, getChatState, setLineDelivery, settlePendingLine } from './chat-store';

let nextPendingId = 1;

/** Sends the line once: the server's acceptance settles it, a refusal (flood, ban, network) marks it failed with why. */
async function deliver(line: SpokenLine): Promise<void> {
  try {
    const answer = await sendMessage({
      channel: line.channel,
      username: line.username,
      text: line.text,
      action: line.kind === 'action',
    });
    settlePendingLine(line.channel, line.id, answer.id);
  } catch (error) {
    setLineDelivery(line.channel, line.id, { state: 'failed', reasonKey: errorKey(error) });
  }
}

/**
 * The member's line (an action for `/me`), shown at once as pending; it becomes a normal line when the server accepts
 * it, whether its answer or the room's copy comes first. Resolves once the server has answered.
 */
export function sendLine(channel: string, nickname: string, text: string, action: boolean): Promise<void> {
  const line: SpokenLine = {
    kind: action ? 'action' : 'message',
    id: `pending-${nextPendingId++}`,
    channel,
    timestamp: new Date().toISOString(),
    username: nickname,
    text,
    level: getChatState().userChannelLevels[channel] ?? 0,
    delivery: { state: 'pending' },
  };
  addPendingLine(line);
  return deliver(line);
}

/** Sends a failed line again, in its place (the member pressed its retry). */
export function retryLine(line: SpokenLine): Promise<void> {
  if (line.delivery?.state !== 'failed') return Promise.resolve();
  setLineDelivery(line.channel, line.id, { state: 'pending' });
  return deliver(line);
}
