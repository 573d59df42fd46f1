import { storeCountries } from '@papo/contract/stores';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { WizardSteps } from '../../../components/wizard-steps';

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

export const selectClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm';

export function CountrySelect({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('stores.form.country')} <span aria-hidden="true">*</span>
      </label>
      <select id={id} required value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        <option value="">{t('stores.form.choose')}</option>
        {storeCountries.map((c) => (
          <option key={c} value={c}>
            {t(`stores.countries.${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
