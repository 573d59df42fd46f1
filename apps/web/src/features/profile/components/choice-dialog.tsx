import { Check, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { primaryButton, secondaryButton } from './styles';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  /** Language of the label, for options named in their own language. */
  lang?: string;
}

interface ChoiceDialogProps<T extends string> {
  title: string;
  options: readonly ChoiceOption<T>[];
  initialValue: T | null;
  saving: boolean;
  onSave: (value: T) => void;
  onClose: () => void;
}

/** A modal dialog with one labelled radio group and Save / Cancel (gender and language on the profile). */
export function ChoiceDialog<T extends string>({ title, options, initialValue, saving, onSave, onClose }: ChoiceDialogProps<T>) {
  const { t } = useTranslation();
  const titleId = useId();
  const name = useId();
  const [value, setValue] = useState<T | null>(initialValue);
  const panelRef = useRef<HTMLDivElement>(null);
  const checkedRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const initialFocus = initialValue ? checkedRef : firstRef;
  useFocusTrap(panelRef, onClose, { initialFocus, lockScroll: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value && !saving) onSave(value);
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex max-h-[calc(100dvh-2rem)] w-full max-w-sm flex-col rounded-xl bg-white shadow-xl"
      >
        <form onSubmit={submit} className="flex min-h-0 flex-col">
          <h2 id={titleId} className="px-5 pb-3 pt-5 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div role="radiogroup" aria-labelledby={titleId} className="flex min-h-0 flex-col gap-2 overflow-y-auto px-5 py-1">
            {options.map((option, index) => (
              <label
                key={option.value}
                lang={option.lang}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600"
              >
                <input
                  ref={option.value === initialValue ? checkedRef : index === 0 ? firstRef : undefined}
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => setValue(option.value)}
                  className="size-4 accent-emerald-700 focus-visible:outline-none"
                />
                <span className="flex-1">{option.label}</span>
                {value === option.value && <Check className="size-4 text-emerald-700" aria-hidden="true" />}
              </label>
            ))}
          </div>
          <div className="flex justify-end gap-2 px-5 pb-5 pt-4">
            <button type="button" onClick={onClose} className={secondaryButton}>
              {t('profile.dialogs.cancel')}
            </button>
            <button type="submit" disabled={!value || saving} className={primaryButton}>
              {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              {saving ? t('profile.dialogs.saving') : t('profile.dialogs.save')}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
