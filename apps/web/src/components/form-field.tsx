import clsx from 'clsx';
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

const controlClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-1 disabled:bg-slate-100 sm:text-sm';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
}

type InputFieldProps = FieldFrameProps & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;
type TextareaFieldProps = FieldFrameProps & { multiline: true; textareaRef?: Ref<HTMLTextAreaElement> } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id'
  >;

/**
 * A labelled input or textarea. Required fields carry the `required` attribute (announced by screen readers) and a
 * visible asterisk; an error is tied to the control with `aria-describedby` and `aria-invalid`.
 */
export function FormField(props: InputFieldProps | TextareaFieldProps) {
  const { t } = useTranslation();
  const { id, label, required, error } = props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: clsx(controlClass, error ? 'border-red-600' : 'border-slate-300'),
  };
  let control;
  if (props.multiline) {
    const { id: _id, label: _label, required: _required, error: _error, multiline: _multiline, textareaRef, ...rest } = props;
    control = <textarea ref={textareaRef} {...rest} {...shared} />;
  } else {
    const { id: _id, label: _label, required: _required, error: _error, multiline: _multiline, ...rest } = props;
    control = <input {...rest} {...shared} />;
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1.5 text-xs font-normal text-slate-500">{t('contact.optional')}</span>
        )}
      </label>
      {control}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

