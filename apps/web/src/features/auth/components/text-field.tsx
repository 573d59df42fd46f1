import { CircleAlert } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  /** Translated error text; marks the input invalid and is read with it. */
  error?: string;
  /** Help shown under the input (password rules) and read with it. */
  hint?: ReactNode;
  /** A live status line under the input (the username check). */
  status?: ReactNode;
  /** Something beside the label, on its right (the forgot-password link). */
  labelAside?: ReactNode;
  /** A control inside the input's right edge (show password). */
  trailing?: ReactNode;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 disabled:bg-slate-100';

/** A labelled input whose hint, status and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, status, labelAside, trailing, invalid, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const isInvalid = invalid || Boolean(error);
  const describedBy = [hint && hintId, status !== undefined && statusId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <input
          ref={ref}
          id={id}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy || undefined}
          className={clsx(
            inputClass,
            trailing && 'pr-12',
            isInvalid
              ? 'border-red-600 focus-visible:ring-red-600'
              : 'border-slate-300 hover:border-slate-400 focus-visible:border-emerald-700 focus-visible:ring-emerald-600',
          )}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && (
        <div id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </div>
      )}
      {status !== undefined && (
        <div id={statusId} aria-live="polite" className="mt-1.5 text-sm empty:hidden">
          {status}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The red line under a field. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
