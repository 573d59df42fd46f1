import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOrder, localTexts, parseLocalTexts } from '../../lib/local-date';
import { inputClass } from './form-field';

/**
 * A date and a time typed as text in the app's language, its format shown beside each (the browser's date control
 * follows the browser's language, not the app's). `value` and what `onChange` gives are local times as
 * `YYYY-MM-DDTHH:mm`, '' when both are empty, or null while the text is no date and time (the form refuses to send it;
 * the field says why once left).
 */
export function DateTimeField({
  id,
  label,
  hint,
  value,
  onChange,
  showError = false,
}: {
  id: string;
  label: string;
  hint?: string;
  /** The value the field starts from (it keeps what is typed afterwards). */
  value: string;
  onChange: (value: string | null) => void;
  /** Show the error without waiting for the field to be left (the form was sent). */
  showError?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [texts, setTexts] = useState(() => localTexts(value, i18n.language));
  const [left, setLeft] = useState(false);
  const format = dateOrder(i18n.language)
    .map((part) => t(`dateField.${part}`))
    .join('/');
  const invalid = parseLocalTexts(texts.date, texts.time, i18n.language) === null && (left || showError);
  const ids = { hint: `${id}-hint`, error: `${id}-error` };
  const describedBy = [hint && ids.hint, invalid && ids.error].filter(Boolean).join(' ') || undefined;

  const change = (next: { date: string; time: string }) => {
    setTexts(next);
    onChange(parseLocalTexts(next.date, next.time, i18n.language));
  };
  const part = (key: 'date' | 'time', partLabel: string, placeholder: string) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${key}`} className="block text-xs text-slate-700">
        {partLabel}
      </label>
      <input
        id={`${id}-${key}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={texts[key]}
        placeholder={placeholder}
        onChange={(event) => change({ ...texts, [key]: event.target.value })}
        onBlur={() => setLeft(true)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${inputClass}`}
      />
    </div>
  );

  return (
    <fieldset id={id}>
      <legend className="block text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-1.5 flex flex-wrap gap-3">
        {part('date', t('dateField.date', { format }), format)}
        {part('time', t('dateField.time', { format: t('dateField.clock') }), t('dateField.clock'))}
      </div>
      {hint && (
        <p id={ids.hint} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={ids.error} role="alert" className="mt-1 flex items-center gap-1 text-sm text-red-700">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('dateField.invalid', { format, clock: t('dateField.clock') })}
        </p>
      )}
    </fieldset>
  );
}
