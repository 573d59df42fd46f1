import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/form-field';
import { termsModal } from '../lib/terms-modal-module';
import { Button } from '../../../components/ui/button';

interface TermsFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** The accepted-terms checkbox and the button that opens the terms; agreeing in the modal ticks the box. */
export function TermsField({ checked, onChange, error }: TermsFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const TermsModal = termsModal.get()?.TermsModal;
  const openTerms = () => {
    if (termsModal.get()) setOpen(true);
    else
      void termsModal.load().then(
        () => setOpen(true),
        () => {},
      );
  };
  const warm = () => void termsModal.load().catch(() => {});
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="acceptedTerms"
          required
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
        />
        <div className="text-sm leading-6 text-slate-700">
          <label htmlFor={id}>{t('register.termsLabel')}</label>
          <Button
            variant="plain"
            onClick={openTerms}
            onPointerEnter={warm}
            onFocus={warm}
            aria-haspopup="dialog"
            data-testid="open-terms"
            className="mt-1 block rounded font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {t('register.termsOpen')}
          </Button>
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {open && TermsModal && (
        <TermsModal
          onAgree={() => {
            onChange(true);
            setOpen(false);
          }}
          onDecline={() => {
            onChange(false);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
