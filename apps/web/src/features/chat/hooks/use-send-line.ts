import { useRef, useState, type FormEvent } from 'react';
import { clientRooms } from '@papo/contract/socket-events';
import { useTypingSender } from '../../../lib/typing/use-typing-sender';
import { runInput } from '../commands/registry';
import type { CommandContext } from '../commands/types';
import { getChatState, rememberSent, setDraft, useChatStore } from '../store/chat-store';

/**
 * The send path of a channel's input: the line clears at once and runs as a command or a message; a failed send brings
 * the text back; nothing more is sent until the previous send has finished. It also tells the channel the member types.
 */
export function useSendLine(
  channel: string,
  enabled: boolean,
  context: () => CommandContext,
  draft: string,
  onSent: () => void,
) {
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const typing = useTypingSender(clientRooms.channel(channel), useChatStore((state) => state.userNickname) ?? '');
  // a command (`/join`, `/msg`…) is not a line the channel will read: it tells nobody that the member types.
  const typed = (value: string) => typing.onInput(enabled && !value.startsWith('/') ? value : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (busy.current || !enabled || !text) return;
    busy.current = true;
    setSending(true);
    typing.stop();
    setDraft(channel, '');
    rememberSent(text);
    onSent();
    try {
      await runInput(context(), text);
    } catch {
      // the failure is already a line in the log; the text comes back so nothing typed is lost.
      if ((getChatState().drafts[channel] ?? '') === '') setDraft(channel, text);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };
  return { sending, submit, typed, stopTyping: typing.stop };
}
