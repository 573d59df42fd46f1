import { passwordMax, passwordMin, signupBody } from '@papo/contract/auth';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { signup } from '../api/signup';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { useUsernameCheck } from '../hooks/use-username-check';
import { answerFieldErrors, checkFields, failureText, type FieldErrors, fieldText } from '../lib/messages';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { Button } from '../../../components/button';
import { TermsField } from './terms-field';
import { FormField } from '../../../components/form-field';
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
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { check, confirm } = useUsernameCheck(values.username);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const validate = async (): Promise<FieldErrors> => {
    const parsed = signupBody.safeParse(values);
    const found: FieldErrors = parsed.success ? {} : checkFields(parsed.error);
    if (!found.username) {
      const availability = await confirm();
      if (availability?.status !== 'available') found.username = ['choose_different_username'];
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    const found = await validate();
    if (Object.keys(found).length) {
      setBusy(false);
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    try {
      const answer = await signup({ ...signupBody.parse(values), language: currentLanguage() });
      onRegistered(answer.username);
    } catch (error) {
      setBusy(false);
      const fields = answerFieldErrors(error);
      if (fields) {
        setErrors(fields);
        focusFirstInvalid();
      } else {
        setFailure(failureText(t, error));
      }
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" data-testid="register-form">
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      <FormField
        label={t('register.name')}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={fieldText(t, errors, 'name')}
      />
      <FormField
        label={t('register.email')}
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.email}
        onChange={(event) => set('email', event.target.value)}
        error={fieldText(t, errors, 'email')}
      />
      <UsernameField value={values.username} onChange={(value) => set('username', value)} check={check} error={fieldText(t, errors, 'username')} />
      <PasswordField
        label={t('register.password')}
        name="password"
        autoComplete="new-password"
        required
        maxLength={passwordMax}
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
        hint={t('register.passwordRules', { min: passwordMin, max: passwordMax })}
        error={fieldText(t, errors, 'password')}
      />
      <TermsField checked={values.acceptedTerms} onChange={(value) => set('acceptedTerms', value)} error={fieldText(t, errors, 'acceptedTerms')} />
      <Button type="submit" size="lg" block busyLabel={t('authCommon.working')} busy={busy}>{t('register.submit')}</Button>
    </form>
  );
}
