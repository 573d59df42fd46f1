import { Check } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

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
export function ChoiceDialog<T extends string>({
  title,
  options,
  initialValue,
  saving,
  onSave,
  onClose,
}: ChoiceDialogProps<T>) {
  const { t } = useTranslation();
  const name = useId();
  const [value, setValue] = useState<T | null>(initialValue);
  const checkedRef = useRef<HTMLInputElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const initialFocus = initialValue ? checkedRef : firstRef;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value && !saving) onSave(value);
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      initialFocus={initialFocus}
      width="max-w-sm"
      bodyClassName="flex min-h-0 flex-col"
    >
      <form onSubmit={submit} className="flex min-h-0 flex-col">
        <div role="radiogroup" aria-label={title} className="flex min-h-0 flex-col gap-2 overflow-y-auto px-5 py-1">
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
          <Button variant="secondary" onClick={onClose}>
            {t('profile.dialogs.cancel')}
          </Button>
          <Button type="submit" disabled={!value} busy={saving}>
            {saving ? t('profile.dialogs.saving') : t('profile.dialogs.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
