import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { authSchemas, withModule, type AuthSchemas } from '../../../lib/on-use';
import { answerFieldErrors, failureText } from '../lib/messages';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** The auth contract's schemas, loaded on the form's first use (lib/on-use.ts). */
export type { AuthSchemas };

/** What the client's check of a form gives: the values to send, or the problems that stop the submit. */
export type Checked<T> = { data: T } | { errors: FieldErrors };

/** A contract schema's `safeParse` of the form as a check: the parsed values, or the first problem of each field. */
export function checkedBy<T>(
  parsed: { success: true; data: T } | { success: false; error: Parameters<typeof checkFields>[0] },
): Checked<T> {
  return parsed.success ? { data: parsed.data } : { errors: checkFields(parsed.error) };
}

/**
 * The state and steps every auth form shares: field errors, one message about the whole form, a busy submit
 * button, and focus on the first invalid field whenever fields are marked.
 */
export function useAuthForm() {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Marks the fields and moves focus to the first of them. */
  const markFields = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid();
  };

  /**
   * After a failed send: the button is free again; a 400 naming fields marks them, any other failure is
   * `otherwise`'s, by default its text above the form.
   */
  const fail = (error: unknown, otherwise = () => setFailure(failureText(t, error))) => {
    setBusy(false);
    const fields = answerFieldErrors(error);
    if (fields) markFields(fields);
    else otherwise();
  };

  /**
   * The submit handler of a form checked on the client: nothing while a send is under way; problems the check
   * finds are marked; otherwise the last errors and failure go, the button turns busy and `send` runs. After a
   * success the button stays busy, as the screen moves on; a failure goes to `fail`.
   */
  const submitWith =
    <T>(
      check: (schemas: AuthSchemas) => Checked<T>,
      send: (data: T) => Promise<void>,
      otherwise?: (error: unknown, data: T) => void,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      // synchronous once the schemas are in (they start loading when the form is focused).
      let checked: Checked<T>;
      try {
        const result = withModule(authSchemas, check);
        checked = result instanceof Promise ? await result : result;
      } catch (error) {
        fail(error);
        return;
      }
      if ('errors' in checked) {
        markFields(checked.errors);
        return;
      }
      setErrors({});
      setFailure(null);
      setBusy(true);
      try {
        await send(checked.data);
      } catch (error) {
        fail(error, otherwise && (() => otherwise(error, checked.data)));
      }
    };

  return { formRef, errors, setErrors, failure, setFailure, busy, setBusy, markFields, fail, submitWith };
}

export type AuthFormState = ReturnType<typeof useAuthForm>;
