import { chatLimits } from '@papo/contract/chat';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiButton, insertAtCaret } from '../../../components/emoji-button';
import { runInput } from '../commands/registry';
import type { CommandContext } from '../commands/types';
import { getChatState, setDraft, useChatStore } from '../store/chat-store';

interface MessageInputProps {
  channel: string;
  /** False while the member is not in the room (joining, kicked, banned). */
  enabled: boolean;
  context: () => CommandContext;
}

// NOTE: the counter appears only near the limit, where it helps, instead of distracting on every line.
const counterFrom = chatLimits.message - 50;

/**
 * The message input: Enter or the button sends; the line clears at once and comes back if sending
 * fails; nothing more is sent until the previous send has finished (members-area §5 Chat message).
 */
export function MessageInput({ channel, enabled, context }: MessageInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const draft = useChatStore((state) => state.drafts[channel] ?? '');
  const focusRequest = useChatStore((state) => state.focusRequest);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (busy.current || !enabled || !text) return;
    busy.current = true;
    setSending(true);
    setDraft(channel, '');
    try {
      await runInput(context(), text);
    } catch {
      // NOTE: the failure is already a line in the log; the text comes back so nothing typed is lost.
      if ((getChatState().drafts[channel] ?? '') === '') setDraft(channel, text);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const pickEmoji = (emoji: string) => {
    const input = inputRef.current;
    const next = insertAtCaret(input, getChatState().drafts[channel] ?? '', emoji);
    setDraft(channel, next.value);
    // NOTE: after React has written the new value, the caret goes right after the emoji and typing goes on.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const length = [...draft].length;
  return (
    <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-slate-50 p-2 sm:p-3">
      <label htmlFor={inputId} className="sr-only">
        {t('chat.inputLabel', { channel })}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        value={draft}
        onChange={(event) => setDraft(channel, event.target.value)}
        disabled={!enabled}
        autoComplete="off"
        enterKeyHint="send"
        aria-describedby={hintId}
        placeholder={t('chat.inputPlaceholder', { channel })}
        data-testid="message-input"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm"
      />
      <EmojiButton onPick={pickEmoji} disabled={!enabled} />
      <span id={hintId} className={length >= counterFrom ? 'shrink-0 text-xs tabular-nums text-slate-600' : 'sr-only'}>
        {length >= counterFrom ? t('chat.charactersLeft', { count: chatLimits.message - length }) : t('chat.inputHint')}
      </span>
      <button
        type="submit"
        disabled={!enabled || sending || draft.trim() === ''}
        aria-label={t('chat.send')}
        data-testid="send-button"
        className="grid size-11 shrink-0 place-items-center rounded-lg bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-emerald-700/50"
      >
        {sending ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : <SendHorizontal className="size-5" aria-hidden="true" />}
      </button>
    </form>
  );
}
