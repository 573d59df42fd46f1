import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfileField } from '../api/update-profile-field';
import { useProfileToast } from '../hooks/use-profile-toast';
import { failureText, isInputProblem } from '../lib/failure-text';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface SetOnceFieldProps {
  field: 'birthday' | 'instagram' | 'youtube';
  label: string;
  savedMessage: string;
  value: string | null;
  /** Shown above the input while the value is unset (the spec's no-birthday text). */
  emptyText?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  display: (value: string) => ReactNode;
  /** The typed value as the confirmation shows it (a date in the reader's format); the text itself when unset. */
  preview?: (draft: string) => string;
}

/**
 * A value that can be set once: an input with Save while empty, then read-only text. Save first asks,
 * showing the value, since it can never change afterwards.
 */
export function SetOnceField({
  field,
  label,
  savedMessage,
  value,
  emptyText,
  input,
  display,
  preview = (draft) => draft,
}: SetOnceFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const emptyId = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateProfileField(field);
  const toast = useProfileToast();
  // saving removes the form (and the focused button), so focus moves to the value that replaced it.
  const valueRef = useRef<HTMLElement>(null);
  const [focusValue, setFocusValue] = useState(false);
  useEffect(() => {
    if (value && focusValue) valueRef.current?.focus();
  }, [value, focusValue]);

  if (value) {
    return (
      <div data-testid={`profile-${field}`}>
        <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
        <dd
          ref={valueRef}
          tabIndex={focusValue ? -1 : undefined}
          className="mt-1 text-sm text-slate-900 focus:outline-none"
        >
          {display(value)}
        </dd>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setConfirming(true);
  };

  const save = () => {
    setConfirming(false);
    update.mutate(draft.trim(), {
      onSuccess: () => {
        setFocusValue(true);
        toast.success(savedMessage);
      },
      onError: (error) => {
        if (isInputProblem(error)) setProblem(failureText(t, error, field));
        else toast.failure(error, field);
      },
    });
  };

  const describedBy = [emptyText ? emptyId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div data-testid={`profile-${field}`}>
      <dt>
        <label htmlFor={inputId} className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {label}
        </label>
      </dt>
      <dd className="mt-1">
        {emptyText && (
          <p id={emptyId} className="mb-2 text-sm text-slate-600">
            {emptyText}
          </p>
        )}
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <input
            {...input}
            id={inputId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} sm:max-w-xs`}
          />
          <Button type="submit" disabled={update.isPending || !draft.trim()}>
            {update.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            {update.isPending ? t('profile.about.saving') : t('profile.about.save')}{' '}
            <span className="sr-only">{label}</span>
          </Button>
        </form>
        {problem && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
            {problem}
          </p>
        )}
        {confirming && (
          <ConfirmDialog
            title={t('profile.about.confirmTitle', { label })}
            text={t('profile.about.confirmText')}
            tone="neutral"
            cancelLabel={t('profile.about.confirmBack')}
            confirmLabel={t('profile.about.confirmSave')}
            onCancel={() => setConfirming(false)}
            onConfirm={save}
            testId="set-once-confirm"
          >
            <p
              className="mt-2 break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-base text-slate-900"
              data-testid="set-once-value"
            >
              {preview(draft.trim())}
            </p>
          </ConfirmDialog>
        )}
      </dd>
    </div>
  );
}
