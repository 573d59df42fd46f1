import { storeCountries, type AlbumDetail, type StoreCountry } from '@papo/contract/stores';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FieldError } from '../../../components/ui/form-field';
import { SaveOutcome } from '../../../components/save-outcome';
import { StatePanel } from '../../../components/ui/state-panel';
import { WizardSteps } from '../../../components/wizard-steps';
import { ApiError, errorText } from '../../../lib/api';
import { LoadingState } from '../../../components/ui/load-state';

/** The numeric `:id` of a staff route, or null (the add form). */
export function useAlbumId(): number | null {
  const { id } = useParams();
  return id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
}

/** 1 Configurações, 2 Produtos, 3 Capa para compartilhamento: links only once the album has an id. */
export function AlbumWizardBar({ id }: { id: number | null }) {
  const { t } = useTranslation();
  return (
    <WizardSteps
      label={t('stores.wizard.label')}
      steps={[
        { label: t('stores.wizard.settings'), to: id ? `/albumAdd/${id}` : null },
        { label: t('stores.wizard.products'), to: id ? `/shopEdit/${id}` : null },
        { label: t('stores.wizard.cover'), to: id ? `/albumCover/${id}` : null },
      ]}
    />
  );
}

const selectClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:ring-red-600 sm:text-sm';

/**
 * A required select of the store forms: its label with the required mark, as a `FormField` shows it, and its error
 * said under it (read with it). Its options (`children`) come after the "Escolha..." one.
 */
export function SelectField({
  id,
  label,
  value,
  error,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        <span className="ml-0.5 text-sm text-red-700" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id={id}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={selectClass}
      >
        <option value="">{t('stores.form.choose')}</option>
        {children}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** The destination country select of the store forms; '' until one is chosen. */
export function CountrySelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: StoreCountry | '';
  error?: string | undefined;
  onChange(value: StoreCountry | ''): void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      id={id}
      label={t('stores.form.country')}
      value={value}
      error={error}
      onChange={(next) => onChange(storeCountries.find((c) => c === next) ?? '')}
    >
      {storeCountries.map((c) => (
        <option key={c} value={c}>
          {t(`stores.countries.${c}`)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The store of a wizard step, once read: a spinner meanwhile, "não existe" for an id that is no id or no store (never
 * an endless spinner), the error otherwise.
 */
export function AlbumGate({
  id,
  album,
  children,
}: {
  id: number | null;
  album: UseQueryResult<AlbumDetail>;
  children: (album: AlbumDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  if (id === null || (album.error instanceof ApiError && album.error.status === 404))
    return <StatePanel variant="card" icon={FileQuestion} title={t('stores.notFound')} />;
  if (album.isPending) return <LoadingState title={t('stores.loading')} />;
  if (album.isError) return <SaveOutcome outcome={{ ok: false, text: errorText(t, album.error, 'stores.errors') }} />;
  return <>{children(album.data)}</>;
}
