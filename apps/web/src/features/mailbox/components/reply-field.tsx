import clsx from 'clsx';
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';

const controlClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-1 disabled:bg-slate-100 sm:text-sm';

interface FrameProps {
  id: string;
  label: string;
  error?: string | undefined;
}

type InputProps = FrameProps & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;
type TextareaProps = FrameProps & { multiline: true; textareaRef?: Ref<HTMLTextAreaElement> } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'required'
  >;

/** A required field of the reply form; an error is tied to the control with `aria-describedby` and `aria-invalid`. */
export function ReplyField(props: InputProps | TextareaProps) {
  const { id, label, error } = props;
  const errorId = `${id}-error`;
  const shared = {
    id,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: clsx(controlClass, error ? 'border-red-600' : 'border-slate-300'),
  };
  let control;
  if (props.multiline) {
    const { id: _id, label: _label, error: _error, multiline: _multiline, textareaRef, ...rest } = props;
    control = <textarea ref={textareaRef} {...rest} {...shared} />;
  } else {
    const { id: _id, label: _label, error: _error, multiline: _multiline, ...rest } = props;
    control = <input {...rest} {...shared} />;
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
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
