import { Pencil } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileField } from '../api/update-profile-field';
import { useProfileToast } from '../hooks/use-profile-toast';
import { ChoiceDialog, type ChoiceOption } from './choice-dialog';
import { Button } from '../../../components/ui/button';

interface PreferenceItemProps<T extends string> {
  field: 'gender' | 'language';
  label: string;
  /** The button's accessible name, e.g. 'Change language'; it starts with the visible 'Change'. */
  changeLabel: string;
  dialogTitle: string;
  /** Called after saving with the translator of the language then in use, so a language change confirms in the new one. */
  savedMessage: (t: TFunction) => string;
  valueText: string;
  valueLang?: string;
  options: readonly ChoiceOption<T>[];
  current: T | null;
  /** Runs after the server stored the choice (the language also switches the interface). */
  onSaved?: (value: T) => Promise<void> | void;
}

/** A choice shown as text with a Change button that opens its modal dialog. */
export function PreferenceItem<T extends string>(props: PreferenceItemProps<T>) {
  const { field, label, changeLabel, dialogTitle, savedMessage, valueText, valueLang, options, current, onSaved } =
    props;
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const update = useUpdateProfileField(field);
  const toast = useProfileToast();

  const save = (value: T) => {
    update.mutate(value, {
      onSuccess: async () => {
        await onSaved?.(value);
        setOpen(false);
        toast.success(savedMessage(i18n.t));
      },
      onError: (error) => toast.failure(error, field),
    });
  };

  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-900">
        <span lang={valueLang}>{valueText}</span>
        <Button variant="quiet" size="sm" aria-haspopup="dialog" aria-label={changeLabel} onClick={() => setOpen(true)}>
          <Pencil className="size-3.5" aria-hidden="true" />
          {t('profile.details.change')}
        </Button>
      </dd>
      {open && (
        <ChoiceDialog
          title={dialogTitle}
          options={options}
          initialValue={current}
          saving={update.isPending}
          onSave={save}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
