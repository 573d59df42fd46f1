import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useHydrating } from '../../../hooks/use-hydrating';
import { authSchemas } from '../../../lib/on-use';
import type { AuthFormState } from '../hooks/use-auth-form';
import { FormAlert } from './form-alert';

interface AuthFormProps {
  form: AuthFormState;
  onSubmit: (event: FormEvent) => Promise<void>;
  submitLabel: string;
  testId?: string;
  /** What the alert above the fields says; the form's failure text unless given. */
  failure?: ReactNode;
  failureTestId?: string;
  children: ReactNode;
}

/**
 * The frame of every auth form: the browser's own validation off (the form's check speaks, in the page's
 * language), the failure above the fields and the one busy submit button below them.
 */
export function AuthForm({
  form,
  onSubmit,
  submitLabel,
  testId,
  failure = form.failure,
  failureTestId,
  children,
}: AuthFormProps) {
  const { t } = useTranslation();
  // the server's page shows the form before its code is live; sent then, the browser would put the fields (a
  // password) in the address and nothing would sign in. The button works once the form does.
  const hydrating = useHydrating();
  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // the schemas that check the form start loading as soon as it is used (lib/on-use.ts).
      onFocus={() => void authSchemas.load().catch(() => {})}
      className="flex flex-col gap-5"
      data-testid={testId}
    >
      {failure && (
        <FormAlert tone="error" testId={failureTestId}>
          {failure}
        </FormAlert>
      )}
      {children}
      <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={form.busy} disabled={hydrating}>
        {submitLabel}
      </Button>
    </form>
  );
}
