import type { OnlineUser } from '@papo/contract/socket-events';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject } from 'react';
import { insertAtCaret } from '../../../components/emoji-button';
import {
  applyCompletion,
  nicknamesStarting,
  startCompletion,
  stepHistory,
  wordBefore,
  type Completion,
} from '../lib/nick-complete';
import { getChatState, inputFocusTaken, requestInputFocus, setDraft, useChatStore } from '../store/chat-store';

/** How many nicknames the `@` list shows at once. */
const maxSuggestions = 6;
const noUsers: readonly OnlineUser[] = [];

/** The `@word` the caret ends, when there is one: the nicknames it may become are suggested. */
function mentionBeingTyped(value: string, caret: number): { start: number; prefix: string } | null {
  const { start, word } = wordBefore(value, caret);
  return word.startsWith('@') ? { start, prefix: word.slice(1) } : null;
}

/** Writes a new line into the input and puts the caret where the change ended. */
type Put = (value: string, at: number) => void;

/**
 * Tab completion of the channel's nicknames; Tab again steps to the next one. True for a plain Tab, which is this
 * handler's alone even when there is nothing to complete (it then leaves the browser to move focus on).
 */
function useTabCompletion(put: Put) {
  const completion = useRef<{ base: string; caret: number; state: Completion } | null>(null);
  const onKey = (event: KeyboardEvent<HTMLInputElement>, draft: string, at: number, nicknames: string[]) => {
    if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey) return false;
    const going = completion.current;
    if (going) {
      const next = { ...going.state, index: (going.state.index + 1) % going.state.candidates.length };
      completion.current = { ...going, state: next };
      const done = applyCompletion(going.base, going.caret, next);
      event.preventDefault();
      put(done.value, done.caret);
      return true;
    }
    const started = startCompletion(draft, at, nicknames, getChatState().userNickname);
    // with nothing to complete, Tab moves focus on as usual.
    if (!started) return true;
    event.preventDefault();
    completion.current = { base: draft, caret: at, state: started };
    const done = applyCompletion(draft, at, started);
    put(done.value, done.caret);
    return true;
  };
  return { onKey, reset: () => (completion.current = null) };
}

/** ↑/↓ bring back the member's own last lines; the line being written is kept aside meanwhile. */
function useRecall(put: Put) {
  // where ↑ is in the member's sent lines (null: the line being written, kept aside meanwhile).
  const recall = useRef<{ at: number | null; kept: string }>({ at: null, kept: '' });
  const onKey = (event: KeyboardEvent<HTMLInputElement>, draft: string) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const history = getChatState().sentHistory;
    const from = recall.current.at;
    const to = stepHistory(history.length, from, event.key === 'ArrowUp' ? -1 : 1);
    if (from === null && to === null) return;
    event.preventDefault();
    if (from === null) recall.current.kept = draft;
    recall.current.at = to;
    const value = to === null ? recall.current.kept : (history[to] ?? '');
    put(value, value.length);
  };
  return { onKey, reset: () => (recall.current = { at: null, kept: '' }) };
}

/** The `@` list: the nicknames the word being typed may become, chosen with ↑/↓ and Enter or Tab, closed by Escape. */
function useMentions(draft: string, caret: number, enabled: boolean, nicknames: string[], put: Put) {
  const listId = useId();
  const [chosen, setChosen] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = enabled ? mentionBeingTyped(draft, caret) : null;
  const suggestions =
    mention && mention.start !== dismissedAt
      ? nicknamesStarting(mention.prefix, nicknames, getChatState().userNickname).slice(0, maxSuggestions)
      : [];
  const active = Math.min(chosen, Math.max(suggestions.length - 1, 0));

  const pick = (nickname: string) => {
    if (!mention) return;
    const done = applyCompletion(draft, caret, { start: mention.start, candidates: [nickname], index: 0, sigil: '@' });
    put(done.value, done.caret);
  };
  /** True when the list took the key. */
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setChosen((active + (event.key === 'ArrowDown' ? 1 : -1) + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      pick(suggestions[active] ?? '');
    } else if (event.key === 'Escape') {
      setDismissedAt(mention?.start ?? null);
    } else return false;
    event.preventDefault();
    return true;
  };
  return { listId, suggestions, active, pick, onKey, typed: () => setChosen(0), reset: () => setDismissedAt(null) };
}

/**
 * The input keeps the keyboard across channels: it takes the focus when asked, and leaving a channel while typing in
 * it asks the next channel's input to take it.
 */
function useFocusCarry(inputRef: RefObject<HTMLInputElement | null>, enabled: boolean) {
  const focusPending = useChatStore((state) => state.inputFocusPending);
  const hasFocus = useRef(false);
  useEffect(() => {
    if (!focusPending || !enabled) return;
    inputRef.current?.focus();
    inputFocusTaken();
  }, [focusPending, enabled, inputRef]);
  // leaving a channel while typing in it (`/join`, Alt+↑/↓) unmounts this input with the keyboard in it; the next
  // channel's input takes it once joined, so the member types on, as in an IRC client.
  useEffect(
    () => () => {
      if (hasFocus.current) requestInputFocus();
    },
    [],
  );
  return { onFocus: () => (hasFocus.current = true), onBlur: () => (hasFocus.current = false) };
}

/**
 * The state of a channel's message input: its draft and caret, Tab completion, `@` suggestions, ↑/↓ recall of sent
 * lines and the emoji button, with the keys IRC clients use.
 */
export function useComposer(channel: string, enabled: boolean) {
  const inputRef = useRef<HTMLInputElement>(null);
  const draft = useChatStore((state) => state.drafts[channel] ?? '');
  const users = useChatStore((state) => state.onlineUsers[channel] ?? noUsers);
  const nicknames = users.map((user) => user.nickname);
  const [caret, setCaret] = useState(0);
  const put: Put = (value, at) => {
    setDraft(channel, value);
    setCaret(at);
    // after React has written the new value, the caret goes where the change ended.
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(at, at));
  };
  const completion = useTabCompletion(put);
  const recall = useRecall(put);
  const mentions = useMentions(draft, caret, enabled, nicknames, put);
  const focus = useFocusCarry(inputRef, enabled);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = event.currentTarget.selectionStart ?? draft.length;
    if (event.key !== 'Tab' && event.key !== 'Shift') completion.reset();
    if (mentions.onKey(event)) return;
    if (completion.onKey(event, draft, at, nicknames)) return;
    recall.onKey(event, draft);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setDraft(channel, event.target.value);
    setCaret(event.target.selectionStart ?? event.target.value.length);
    mentions.typed();
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
  /** A line went out: ↑ starts again from it, and a dismissed `@` list may show again. */
  const sent = () => {
    recall.reset();
    mentions.reset();
  };
  return {
    inputRef,
    draft,
    onKeyDown,
    onChange,
    onSelect: (event: { currentTarget: HTMLInputElement }) => setCaret(event.currentTarget.selectionStart ?? 0),
    pickEmoji,
    sent,
    focus,
    mentions,
  };
}
