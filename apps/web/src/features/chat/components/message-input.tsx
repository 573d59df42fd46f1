import { chatLimits } from '@papo/contract/chat';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmojiButton, insertAtCaret } from '../../../components/emoji-button';
import { runInput } from '../commands/registry';
import type { CommandContext } from '../commands/types';
import {
  applyCompletion,
  nicknamesStarting,
  startCompletion,
  stepHistory,
  wordBefore,
  type Completion,
} from '../lib/nick-complete';
import type { OnlineUser } from '@papo/contract/socket-events';
import {
  getChatState,
  inputFocusTaken,
  rememberSent,
  requestInputFocus,
  setDraft,
  useChatStore,
} from '../store/chat-store';
import { Button } from '../../../components/ui/button';
import { typingPlace } from '../../../lib/typing/post-typing';
import { useTypingSender } from '../../../lib/typing/use-typing-sender';

interface MessageInputProps {
  channel: string;
  /** False while the member is not in the room (joining, kicked, banned). */
  enabled: boolean;
  context: () => CommandContext;
}

// the counter appears only near the limit, where it helps, instead of distracting on every line.
const counterFrom = chatLimits.message - 50;

/** What the counter beside the input says: the hint, how many characters are left near the limit, or how many over. */
function counterText(t: TFunction, length: number): string {
  if (length > chatLimits.message) return t('chat.charactersOver', { count: length - chatLimits.message });
  if (length >= counterFrom) return t('chat.charactersLeft', { count: chatLimits.message - length });
  return t('chat.inputHint');
}
/** How many nicknames the `@` list shows at once. */
const maxSuggestions = 6;
const noUsers: readonly OnlineUser[] = [];

/** The `@word` the caret ends, when there is one: the nicknames it may become are suggested. */
function mentionBeingTyped(value: string, caret: number): { start: number; prefix: string } | null {
  const { start, word } = wordBefore(value, caret);
  return word.startsWith('@') ? { start, prefix: word.slice(1) } : null;
}

/**
 * The message input: Enter or the button sends; the line clears at once (a failed send says why on the line, with a
 * retry); nothing more is sent until the previous send has finished (members-area §5 Chat message). The habits of IRC
 * clients: Tab completes the channel's nicknames (again: the next one), `@` suggests them, ↑/↓ bring back the member's
 * own last lines.
 */
export function MessageInput({ channel, enabled, context }: MessageInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const draft = useChatStore((state) => state.drafts[channel] ?? '');
  const focusPending = useChatStore((state) => state.inputFocusPending);
  const hasFocus = useRef(false);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const users = useChatStore((state) => state.onlineUsers[channel] ?? noUsers);
  const [caret, setCaret] = useState(0);
  const completion = useRef<{ base: string; caret: number; state: Completion } | null>(null);
  // where ↑ is in the member's sent lines (null: the line being written, kept aside meanwhile).
  const recall = useRef<{ at: number | null; kept: string }>({ at: null, kept: '' });
  const [chosen, setChosen] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const listId = useId();
  const typing = useTypingSender(typingPlace.channel(channel), useChatStore((state) => state.userNickname) ?? '');
  // a command (`/join`, `/msg`…) is not a line the channel will read: it tells nobody that the member types.
  const typed = (value: string) => typing.onInput(enabled && !value.startsWith('/') ? value : '');

  const nicknames = users.map((user) => user.nickname);
  const own = getChatState().userNickname;
  const mention = enabled ? mentionBeingTyped(draft, caret) : null;
  const suggestions =
    mention && mention.start !== dismissedAt
      ? nicknamesStarting(mention.prefix, nicknames, own).slice(0, maxSuggestions)
      : [];
  const active = Math.min(chosen, Math.max(suggestions.length - 1, 0));

  const put = (value: string, at: number) => {
    setDraft(channel, value);
    setCaret(at);
    // after React has written the new value, the caret goes where the change ended.
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(at, at));
  };

  const pickSuggestion = (nickname: string) => {
    if (!mention) return;
    const done = applyCompletion(draft, caret, { start: mention.start, candidates: [nickname], index: 0, sigil: '@' });
    put(done.value, done.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const at = input.selectionStart ?? draft.length;
    if (event.key !== 'Tab' && event.key !== 'Shift') completion.current = null;
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setChosen((active + (event.key === 'ArrowDown' ? 1 : -1) + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pickSuggestion(suggestions[active] ?? '');
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey) {
      const going = completion.current;
      if (going) {
        const next = { ...going.state, index: (going.state.index + 1) % going.state.candidates.length };
        completion.current = { ...going, state: next };
        const done = applyCompletion(going.base, going.caret, next);
        event.preventDefault();
        put(done.value, done.caret);
        return;
      }
      const started = startCompletion(draft, at, nicknames, own);
      // with nothing to complete, Tab moves focus on as usual.
      if (!started) return;
      event.preventDefault();
      completion.current = { base: draft, caret: at, state: started };
      const done = applyCompletion(draft, at, started);
      put(done.value, done.caret);
      return;
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const history = getChatState().sentHistory;
      const from = recall.current.at;
      const to = stepHistory(history.length, from, event.key === 'ArrowUp' ? -1 : 1);
      if (from === null && to === null) return;
      event.preventDefault();
      if (from === null) recall.current.kept = draft;
      recall.current.at = to;
      const value = to === null ? recall.current.kept : (history[to] ?? '');
      put(value, value.length);
    }
  };

  useEffect(() => {
    if (!focusPending || !enabled) return;
    inputRef.current?.focus();
    inputFocusTaken();
  }, [focusPending, enabled]);
  // leaving a channel while typing in it (`/join`, Alt+↑/↓) unmounts this input with the keyboard in it; the next
  // channel's input takes it once joined, so the member types on, as in an IRC client.
  useEffect(
    () => () => {
      if (hasFocus.current) requestInputFocus();
    },
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (busy.current || !enabled || !text) return;
    busy.current = true;
    setSending(true);
    typing.stop();
    setDraft(channel, '');
    rememberSent(text);
    recall.current = { at: null, kept: '' };
    setDismissedAt(null);
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

  const pickEmoji = (emoji: string) => {
    const input = inputRef.current;
    const next = insertAtCaret(input, getChatState().drafts[channel] ?? '', emoji);
    setDraft(channel, next.value);
    // after React has written the new value, the caret goes right after the emoji and typing goes on.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const length = [...draft].length;
  return (
    <form
      onSubmit={submit}
      className="relative flex items-center gap-2 border-t border-slate-200 bg-slate-50 p-2 sm:p-3"
    >
      {suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('chat.suggestions', { channel })}
          data-testid="nick-suggestions"
          className="absolute bottom-full left-2 z-10 mb-1 w-64 max-w-[calc(100%-1rem)] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((nickname, at) => (
            <li
              key={nickname}
              id={`${listId}-${at}`}
              role="option"
              aria-selected={at === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pickSuggestion(nickname);
              }}
              className={clsx(
                'cursor-pointer px-3 py-1.5 font-mono text-sm',
                at === active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              @{nickname}
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId} className="sr-only">
        {t('chat.inputLabel', { channel })}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        value={draft}
        onChange={(event) => {
          setDraft(channel, event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setChosen(0);
          typed(event.target.value);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        onFocus={() => (hasFocus.current = true)}
        onBlur={() => {
          hasFocus.current = false;
          typing.stop();
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        aria-activedescendant={suggestions.length > 0 ? `${listId}-${active}` : undefined}
        disabled={!enabled}
        autoComplete="off"
        enterKeyHint="send"
        aria-describedby={hintId}
        placeholder={t('chat.inputPlaceholder', { channel })}
        data-testid="message-input"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm"
      />
      <EmojiButton onPick={pickEmoji} disabled={!enabled} />
      <span
        id={hintId}
        className={clsx(
          length >= counterFrom ? 'shrink-0 text-xs tabular-nums' : 'sr-only',
          length > chatLimits.message ? 'font-semibold text-red-700' : 'text-slate-600',
        )}
      >
        {counterText(t, length)}
      </span>
      <Button
        variant="plain"
        type="submit"
        disabled={!enabled || sending || draft.trim() === ''}
        aria-label={t('chat.send')}
        data-testid="send-button"
        className="grid size-11 shrink-0 place-items-center rounded-lg bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-emerald-700/50"
      >
        {sending ? (
          <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal className="size-5" aria-hidden="true" />
        )}
      </Button>
    </form>
  );
}
