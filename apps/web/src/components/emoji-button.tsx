import { LoaderCircle, Smile } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../hooks/use-dismiss';
import { Button } from './ui/button';

const EmojiPanel = lazy(() => import('./emoji-panel'));

/** Puts `text` where the caret is in `input` (replacing a selection) and answers the new value and caret. */
export function insertAtCaret(
  input: HTMLInputElement | null,
  value: string,
  text: string,
): { value: string; caret: number } {
  const start = input?.selectionStart ?? value.length;
  const end = input?.selectionEnd ?? value.length;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}

/**
 * A button beside a message input that opens an emoji picker above it; the picker's code and data load
 * on the first open. Escape or a press outside closes it and gives the focus back to the button.
 */
export function EmojiButton({ onPick, disabled = false }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  }, []);
  useDismiss(wrapper, open, close);

  return (
    <div ref={wrapper} className="relative shrink-0">
      <Button
        variant="icon"
        size="lg"
        ref={button}
        onClick={() => setOpen((value) => !value)}
        disabled={disabled}
        aria-label={t('emoji.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="emoji-button"
      >
        <Smile className="size-5" aria-hidden="true" />
      </Button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label={t('emoji.label')}
          data-testid="emoji-panel"
          className="absolute bottom-full right-0 z-40 mb-2 shadow-xl"
        >
          <Suspense
            fallback={
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600"
              >
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {t('emoji.loading')}
              </p>
            }
          >
            <EmojiPanel onPick={onPick} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
