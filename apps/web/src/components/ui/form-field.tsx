import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** The look of every text control, also for inputs laid out without a `FormField` (chat dialogs, inline profile forms). */
export const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-1 disabled:bg-slate-100 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-600 sm:text-sm';

interface FieldFrameProps {
  /** The control's id; one is made up when absent. */
  id?: string;
  label: string;
  /** Required fields show an asterisk; the others say "(optional)". */
  required?: boolean;
  /** Translated error text; marks the control invalid and is read with it. */
  error?: string | undefined;
  /** Invalid without a text of its own (the text is elsewhere, e.g. "passwords differ"). */
  invalid?: boolean;
  /** Help under the control (password rules), read with it. */
  hint?: ReactNode;
  /** A live status line under the control (the username check). */
  status?: ReactNode;
  /** Something beside the label, on its right (the forgot-password link). */
  labelAside?: ReactNode;
  /** Class of the field's wrapper. */
  className?: string;
}

type Control<T> = Omit<T, 'id' | 'className' | 'aria-invalid' | 'aria-describedby' | 'required'>;
export type InputFieldProps = FieldFrameProps & {
  multiline?: false;
  /** A control inside the input's right edge (show password). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & Control<InputHTMLAttributes<HTMLInputElement>>;
export type TextareaFieldProps = FieldFrameProps & {
  multiline: true;
  textareaRef?: Ref<HTMLTextAreaElement>;
} & Control<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/**
 * The one labelled input or textarea. Hint, status and error are tied to the control with `aria-describedby`;
 * an error also sets `aria-invalid`. Required fields carry the `required` attribute and a visible asterisk.
 */
export function FormField(props: InputFieldProps | TextareaFieldProps) {
  const { t } = useTranslation();
  const madeUpId = useId();
  const { id = madeUpId, label, required, error, invalid, hint, status, labelAside, className } = props;
  const ids = { hint: `${id}-hint`, status: `${id}-status`, error: `${id}-error` };
  const describedBy = [hint && ids.hint, status !== undefined && ids.status, error && ids.error]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    required,
    'aria-invalid': invalid || error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  let control: ReactNode;
  if (props.multiline) {
    const { textareaRef, multiline: _m, ...rest } = withoutFrame(props);
    control = <textarea ref={textareaRef} {...rest} {...shared} className={clsx(inputClass, 'mt-1.5')} />;
  } else {
    const { trailing, ref, multiline: _m, ...rest } = withoutFrame(props);
    control = (
      <div className="relative mt-1.5">
        <input ref={ref} {...rest} {...shared} className={clsx(inputClass, trailing && 'pr-12')} />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
    );
  }
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <span>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
            {!required && <span className="ml-1.5 text-xs font-normal text-slate-500">{t('field.optional')}</span>}
          </label>
          {/* outside the label, so the field's name stays its label; `required` says it to screen readers. */}
          {required && (
            <span className="ml-0.5 text-sm text-red-700" aria-hidden="true">
              *
            </span>
          )}
        </span>
        {labelAside}
      </div>
      {control}
      {hint && (
        <div id={ids.hint} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </div>
      )}
      {status !== undefined && (
        <div id={ids.status} aria-live="polite" className="mt-1.5 text-sm empty:hidden">
          {status}
        </div>
      )}
      {error && <FieldError id={ids.error}>{error}</FieldError>}
    </div>
  );
}

/** The control's own attributes: the props without the frame's. */
function withoutFrame<P extends FieldFrameProps>(props: P) {
  const {
    id: _id,
    label: _label,
    required: _required,
    error: _error,
    invalid: _invalid,
    hint: _hint,
    status: _status,
    labelAside: _aside,
    className: _class,
    ...rest
  } = props;
  return rest;
}

/** The red line under a field (also under a checkbox or a code input laid out on their own). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
