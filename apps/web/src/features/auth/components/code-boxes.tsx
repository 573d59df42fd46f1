import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useKeepTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';

/** Letters and digits only, upper-cased: codes come from an unambiguous upper-case alphabet. */
function cleanCode(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

interface CodeBoxesProps {
  /** One character (or '') per box. */
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Focus the first box on mount (the step replaces the form the focus was in). */
  autoFocus?: boolean;
}

/**
 * One box per code character (members-area §2): typing moves to the next box, Backspace in an empty
 * box goes back and clears the previous one, and pasting the whole code fills every box.
 */
export function CodeBoxes({ value, onChange, invalid, disabled, describedBy, autoFocus }: CodeBoxesProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `chars` from box `start` on and moves focus to the box after the last one written. */
  const fill = (start: number, chars: string) => {
    const next = [...value];
    const written = chars.slice(0, length - start);
    for (let offset = 0; offset < written.length; offset++) next[start + offset] = written[offset] ?? '';
    onChange(next);
    focusBox(start + written.length);
  };

  // the server's page (`/register?verify=…` from the e-mail) can be typed in before its code is live: what the boxes
  // hold once hydrated is the code typed so far.
  useKeepTypedBeforeHydration(
    () => cleanCode(boxes.current.map((box) => box?.value ?? '').join('')),
    (typed) => fill(0, typed),
  );

  const onInput = (index: number, raw: string) => {
    const chars = cleanCode(raw);
    if (!chars) {
      onChange(value.map((char, i) => (i === index ? '' : char)));
      return;
    }
    // a whole code arriving at once (autofill of a one-time code) fills every box.
    if (chars.length >= length) fill(0, chars);
    else fill(index, chars.slice(-1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      onChange(value.map((char, i) => (i === index - 1 ? '' : char)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const chars = cleanCode(event.clipboardData.getData('text'));
    if (!chars) return;
    event.preventDefault();
    fill(chars.length === length ? 0 : index, chars);
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3" data-testid="code-boxes">
      {value.map((char, index) => (
        <input
          // the boxes are a fixed row that never reorders, so the position is the identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="text"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          value={char}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          aria-label={t('verify.boxLabel', { position: index + 1, total: length })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={`code-box-${index}`}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={clsx(
            'size-12 rounded-lg border bg-white text-center font-mono text-2xl font-semibold uppercase text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 disabled:bg-slate-100 sm:size-14',
            invalid
              ? 'border-red-600 focus-visible:ring-red-600'
              : 'border-slate-300 focus-visible:border-emerald-700 focus-visible:ring-emerald-600',
          )}
        />
      ))}
    </div>
  );
}
