import { chatLimits } from '@papo/contract/chat';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmojiButton } from '../../../components/emoji-button';
import type { CommandContext } from '../commands/types';
import { Button } from '../../../components/ui/button';
import { useComposer } from '../hooks/use-composer';
import { useSendLine } from '../hooks/use-send-line';

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
  const composer = useComposer(channel, enabled);
  const { draft, mentions } = composer;
  const send = useSendLine(channel, enabled, context, draft, composer.sent);
  const listed = mentions.suggestions.length > 0;
  const length = [...draft].length;
  return (
    <form
      onSubmit={send.submit}
      className="relative flex items-center gap-2 border-t border-slate-200 bg-slate-50 p-2 sm:p-3"
    >
      {listed && <SuggestionList channel={channel} mentions={mentions} />}
      <label htmlFor={inputId} className="sr-only">
        {t('chat.inputLabel', { channel })}
      </label>
      <input
        ref={composer.inputRef}
        id={inputId}
        value={draft}
        onChange={(event) => {
          composer.onChange(event);
          send.typed(event.target.value);
        }}
        onSelect={composer.onSelect}
        onKeyDown={composer.onKeyDown}
        onFocus={composer.focus.onFocus}
        onBlur={() => {
          composer.focus.onBlur();
          send.stopTyping();
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? mentions.listId : undefined}
        aria-activedescendant={listed ? `${mentions.listId}-${mentions.active}` : undefined}
        disabled={!enabled}
        autoComplete="off"
        enterKeyHint="send"
        aria-describedby={hintId}
        placeholder={t('chat.inputPlaceholder', { channel })}
        data-testid="message-input"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm"
      />
      <EmojiButton onPick={composer.pickEmoji} disabled={!enabled} />
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
        disabled={!enabled || send.sending || draft.trim() === ''}
        aria-label={t('chat.send')}
        data-testid="send-button"
        className="grid size-11 shrink-0 place-items-center rounded-lg bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-emerald-700/50"
      >
        {send.sending ? (
          <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal className="size-5" aria-hidden="true" />
        )}
      </Button>
    </form>
  );
}

/** The `@` suggestions above the input; a press picks one without taking the keyboard from the input. */
function SuggestionList({
  channel,
  mentions,
}: {
  channel: string;
  mentions: ReturnType<typeof useComposer>['mentions'];
}) {
  const { t } = useTranslation();
  return (
    <ul
      id={mentions.listId}
      role="listbox"
      aria-label={t('chat.suggestions', { channel })}
      data-testid="nick-suggestions"
      className="absolute bottom-full left-2 z-10 mb-1 w-64 max-w-[calc(100%-1rem)] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {mentions.suggestions.map((nickname, at) => (
        <li
          key={nickname}
          id={`${mentions.listId}-${at}`}
          role="option"
          aria-selected={at === mentions.active}
          onMouseDown={(event) => {
            event.preventDefault();
            mentions.pick(nickname);
          }}
          className={clsx(
            'cursor-pointer px-3 py-1.5 font-mono text-sm',
            at === mentions.active ? 'bg-emerald-50 text-emerald-900' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          @{nickname}
        </li>
      ))}
    </ul>
  );
}
