import { contactHoneypotField } from '@papo/contract/contact-limits';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface HoneypotProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The field named `website` that people never see and bots fill in; the server drops a message that carries it.
 * Off screen rather than `display: none`, which many bots skip; out of the tab order and hidden from assistive tech.
 */
export function Honeypot({ id, value, onChange }: HoneypotProps) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>{t('contact.honeypot')}</label>
      <input
        id={id}
        name={contactHoneypotField}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
