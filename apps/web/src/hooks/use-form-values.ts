import { useState, type ChangeEvent } from 'react';

/**
 * The text values and per-field error texts of a form laid out with `FormField`s. `field(name)` gives a field
 * its id (`<idPrefix>-<name>`), value, change handler and error; typing in a field drops its error, as the error
 * speaks of what was sent. `onEdit` hears every change (a form may forget its last outcome then).
 */
export function useFormValues<T extends { [K in keyof T]: string }>(
  initial: T | (() => T),
  idPrefix: string,
  onEdit?: () => void,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const idOf = (name: string) => `${idPrefix}-${name}`;
  const update = (name: keyof T & string) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
    onEdit?.();
  };
  const field = (name: keyof T & string) => ({
    id: idOf(name),
    value: values[name],
    onChange: update(name),
    error: errors[name],
  });
  const focusField = (name: string) => document.getElementById(idOf(name))?.focus();

  return { values, setValues, errors, setErrors, idOf, update, field, focusField };
}
