import { storeLimits, type AlbumCategory, type AlbumDetail, type StoreCountry } from '@papo/contract/stores';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { FormField } from '../../../components/ui/form-field';
import { CountrySelect, SelectField } from './staff-parts';

/** The fields step 1 of the album wizard edits, as `useAlbumForm` holds them. */
interface AlbumFormFields {
  name: string;
  setName: (name: string) => void;
  country: StoreCountry | '';
  setCountry: (country: StoreCountry | '') => void;
  category: string;
  setCategory: (category: string) => void;
  slug: string;
}

/** Name, country and category, with the address the name makes (and, once published, where the old one leads). */
export function AlbumFields({
  album,
  categories,
  form,
  errors,
}: {
  album: AlbumDetail | null;
  categories: AlbumCategory[];
  form: AlbumFormFields;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { name, slug } = form;
  return (
    <>
      <FormField
        label={t('stores.form.name')}
        required
        maxLength={storeLimits.name}
        value={name}
        error={errors.name}
        onChange={(e) => form.setName(e.target.value)}
      />
      <CountrySelect id="album-country" value={form.country} error={errors.country} onChange={form.setCountry} />
      <SelectField
        id="album-category"
        label={t('stores.form.category')}
        value={form.category}
        error={errors.category}
        onChange={form.setCategory}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {t(`stores.categories.${c.key}`, { defaultValue: c.name })}
          </option>
        ))}
      </SelectField>
      <p className="text-sm text-slate-600">
        {t('stores.form.address')}{' '}
        <code data-testid="address-preview" className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">
          {`${window.location.origin}/shop/${album && name === album.name ? album.slug : slug}`}
        </code>
      </p>
      {album?.published && name !== album.name && slug !== album.slug && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="address-redirect">
          {t('stores.form.addressRedirects', {
            old: `/${album.kind === 'course' ? 'courses' : 'shop'}/${album.slug}`,
          })}
        </p>
      )}
    </>
  );
}

/** A colleague saved the store meanwhile: their fields beside the ones typed here, to keep one or the other. */
export function AlbumConflict({
  theirs,
  form,
  categories,
  busy,
  error,
  onKeepTheirs,
  onKeepMine,
}: {
  theirs: AlbumDetail;
  form: AlbumFormFields;
  categories: AlbumCategory[];
  busy: boolean;
  error: string | null;
  onKeepTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation();
  const categoryName = (id: string | number | undefined) => {
    const found = categories.find((c) => String(c.id) === String(id));
    return found ? t(`stores.categories.${found.key}`, { defaultValue: found.name }) : '';
  };
  return (
    <ConflictDialog
      theirs={theirs}
      fields={[
        { label: t('stores.form.name'), mine: form.name.trim(), theirs: theirs.name },
        { label: t('stores.form.country'), mine: form.country, theirs: theirs.country },
        {
          label: t('stores.form.category'),
          mine: categoryName(form.category),
          theirs: categoryName(theirs.category?.id),
        },
      ]}
      busy={busy}
      keepsMineInHistory
      error={error}
      onKeepTheirs={onKeepTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
