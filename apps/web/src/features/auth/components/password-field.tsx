import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormField, type InputFieldProps } from '../../../components/ui/form-field';

/** A password input with a show/hide toggle (typing a long password blind on a phone is error-prone). */
export function PasswordField(props: Omit<InputFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <Button
          variant="icon"
          pressed={visible}
          aria-label={t('authCommon.showPassword')}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </Button>
      }
    />
  );
}
