import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authSchemas } from '../../../lib/on-use';
import { currentLanguage } from '../../../lib/i18n';
import { signup } from '../api/signup';
import { useAuthForm } from '../hooks/use-auth-form';
import { useUsernameCheck } from '../hooks/use-username-check';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { fieldText } from '../lib/messages';
import { EmailField, NewPasswordField } from './auth-fields';
import { AuthForm } from './auth-form';
import { TermsField } from './terms-field';
import { FormField } from '../../../components/ui/form-field';
import { UsernameField } from './username-field';

interface Values {
  name: string;
  email: string;
  username: string;
  password: string;
  acceptedTerms: boolean;
}

const initialValues: Values = { name: '', email: '', username: '', password: '', acceptedTerms: false };

/** The signup form (members-area §2, §5); `onRegistered` receives the username the server kept. */
export function RegisterForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const { t } = useTranslation();
  const form = useAuthForm();
  const { busy, setBusy, setErrors, setFailure } = form;
  const [values, setValues] = useState(initialValues);
  const { check, confirm } = useUsernameCheck(values.username);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = async (): Promise<FieldErrors> => {
    const { signupBody } = authSchemas.get() ?? (await authSchemas.load());
    const parsed = signupBody.safeParse(values);
    const found: FieldErrors = parsed.success ? {} : checkFields(parsed.error);
    if (!found.username) {
      const availability = await confirm();
      if (availability?.status !== 'available') found.username = ['choose_different_username'];
    }
    return found;
  };

  // busy while checking too: the username's availability is asked of the server before the signup.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    const found = await validate();
    if (Object.keys(found).length) {
      setBusy(false);
      form.markFields(found);
      return;
    }
    try {
      const { signupBody } = await authSchemas.load();
      const answer = await signup({ ...signupBody.parse(values), language: currentLanguage() });
      onRegistered(answer.username);
    } catch (error) {
      form.fail(error);
    }
  };

  const errorOf = (field: string) => fieldText(t, form.errors, field);
  return (
    <AuthForm form={form} onSubmit={submit} submitLabel={t('register.submit')} testId="register-form">
      <FormField
        label={t('register.name')}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errorOf('name')}
      />
      <EmailField
        label={t('register.email')}
        value={values.email}
        onChange={(value) => set('email', value)}
        error={errorOf('email')}
      />
      <UsernameField
        value={values.username}
        onChange={(value) => set('username', value)}
        check={check}
        error={errorOf('username')}
      />
      <NewPasswordField
        label={t('register.password')}
        value={values.password}
        onChange={(value) => set('password', value)}
        error={errorOf('password')}
      />
      <TermsField
        checked={values.acceptedTerms}
        onChange={(value) => set('acceptedTerms', value)}
        error={errorOf('acceptedTerms')}
      />
    </AuthForm>
  );
}
