import { conversationLimits } from '@papo/contract/conversations';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmojiButton, insertAtCaret } from '../../../components/emoji-button';
import type { TypingSender } from '../../../lib/typing/use-typing-sender';
import { Button } from '../../../components/ui/button';

interface MessageComposerProps {
  otherName: string;
  typing: TypingSender;
  onSend: (text: string) => void;
}

/** The input: sends on Enter or the button, only trimmed non-empty text (members-area §5), and is cleared on send. */
export function MessageComposer({ otherName, typing, onSend }: MessageComposerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');

  const inputRef = useRef<HTMLInputElement>(null);
  // with a mouse and a keyboard, an opened conversation has the keyboard in its input, as in chat clients: after
  // `/msg` or `/query` typed in a channel the member types on. A phone's keyboard is not opened unasked.
  useEffect(() => {
    if (window.matchMedia('(pointer: fine)').matches) inputRef.current?.focus();
  }, []);

  const pickEmoji = (emoji: string) => {
    const input = inputRef.current;
    const next = insertAtCaret(input, input?.value ?? text, emoji);
    setText(next.value);
    typing.onInput(next.value);
    // after React has written the new value, the caret goes right after the emoji and typing goes on.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    typing.stop();
    onSend(text);
    setText('');
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-center gap-2 border-t border-slate-200 bg-white p-3"
      data-testid="pvt-composer"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('pvt.inputLabel', { name: otherName })}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        value={text}
        maxLength={conversationLimits.content}
        autoComplete="off"
        placeholder={t('pvt.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          typing.onInput(event.target.value);
        }}
        onBlur={typing.stop}
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-slate-50 px-4 py-2.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-emerald-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
      />
      <EmojiButton onPick={pickEmoji} />
      <Button
        variant="plain"
        type="submit"
        disabled={!text.trim()}
        className="inline-flex size-10 shrink-0 items-center justify-center gap-2 rounded-full bg-emerald-700 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 sm:w-auto sm:px-4"
      >
        <SendHorizontal className="size-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t('pvt.send')}</span>
      </Button>
    </form>
  );
}
