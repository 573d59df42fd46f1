import { slugify } from '@papo/contract/slug';
import {
  albumAddInput,
  albumEditInput,
  storeLimits,
  type AlbumCategory,
  type AlbumDetail,
  type StoreCountry,
} from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import { History, Sparkles } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { ApiError, errorText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { HistoryPanel } from '../../../components/history-panel';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { addAlbum } from '../api/add-album';
import { editAlbum } from '../api/edit-album';
import { readAlbum, useAlbum } from '../api/get-album';
import { useAlbumCategories } from '../api/get-album-categories';
import { getAlbumRevision } from '../api/get-album-revision';
import { getAlbumRevisions } from '../api/get-album-revisions';
import { restoreAlbumRevision } from '../api/restore-album-revision';
import { staffKeys } from '../api/staff-keys';
import { suggestDescription } from '../api/suggest-description';
import { storeChangeSummary, storeVersionText } from '../lib/store-history';
import { PendingChanges } from './pending-changes';
import { AlbumWizardBar, CountrySelect, SelectField, useAlbumId } from './staff-parts';

/** Step 1 of the album wizard, /albumAdd and /albumAdd/{id} (public-site §2.6 Album add/edit). */
export function AlbumFormScreen() {
  const { t } = useTranslation();
  const id = useAlbumId();
  const album = useAlbum(id);
  // the form waits for the categories too: a store's own category cannot show in the select before they arrive.
  const categories = useAlbumCategories();
  const title = t(id ? 'stores.form.editTitle' : 'stores.form.addTitle');
  return (
    <div className="mx-auto max-w-3xl p-4">
      <PageTitle title={title} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <AlbumWizardBar id={id} />
      {(id && album.isPending) || categories.isPending ? (
        <LoadingState title={t('stores.loading')} />
      ) : id && album.isError ? (
        <SaveOutcome outcome={{ ok: false, text: errorText(t, album.error) }} />
      ) : categories.isError ? (
        <ErrorState onRetry={() => void categories.refetch()} />
      ) : (
        <AlbumForm key={album.data?.id ?? 'new'} album={album.data ?? null} categories={categories.data} />
      )}
    </div>
  );
}

function AlbumForm({ album, categories }: { album: AlbumDetail | null; categories: AlbumCategory[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(album?.name ?? '');
  // '' until one is chosen (the select is required, so a form without one is not sent).
  const [country, setCountry] = useState<StoreCountry | ''>(album?.country ?? '');
  const [category, setCategory] = useState<string>(album?.category ? String(album.category.id) : '');
  const [busy, setBusy] = useState(false);
  // The add form moves to /albumAdd/{id} once created; the success message comes along.
  const state: unknown = useLocation().state;
  const justCreated = typeof state === 'object' && state !== null && 'created' in state && state.created === true;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(
    justCreated ? { ok: true, text: t('stores.form.created') } : null,
  );
  const slug = slugify(name);

  // The store's version this form read: sent as If-Match, so a save never overwrites one unseen (decision 028).
  const [revision, setRevision] = useState(album?.revision ?? 0);
  // The fields as last saved or read: what differs is typed here and not yet in the history.
  const [held, setHeld] = useState(() =>
    fieldsKey({
      name: album?.name ?? '',
      country: album?.country ?? '',
      category: album?.category ? String(album.category.id) : '',
    }),
  );
  const conflict = useRecordConflict(() => readAlbum(album?.id ?? 0));

  // The contract's check before sending, and a refused save's fields: each said under its own control.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function persist(ifRevision: number) {
    const input = { name: name.trim(), country, category: category === '' ? undefined : category };
    const checked = album ? albumEditInput.safeParse(input) : albumAddInput.safeParse({ ...input, slug });
    const missingCategory = category === '';
    if (!checked.success || missingCategory || country === '') {
      setFieldErrors(
        fieldTextsOf({
          ...(checked.success ? {} : checkFields(checked.error)),
          ...(missingCategory ? { category: ['category_required'] } : {}),
        }),
      );
      setOutcome({ ok: false, text: t('stores.errors.validation_failed') });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    setOutcome(null);
    try {
      const fields = { name: input.name, country, category: Number(category) };
      if (album) {
        const saved = await conflict.guard(() => editAlbum(album.id, fields, ifRevision));
        if (!saved) return;
        setRevision(saved.revision);
        setHeld(fieldsKey({ name: fields.name, country, category }));
        setOutcome({ ok: true, text: t('stores.form.edited') });
        await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      } else {
        const created = await addAlbum({ ...fields, slug });
        await queryClient.invalidateQueries({ queryKey: staffKeys.list });
        navigate(`/albumAdd/${created.id}`, { replace: true, state: { created: true } });
      }
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(fieldTextsOf(error.errors));
      setOutcome({ ok: false, text: errorText(t, error, 'stores.errors') });
    } finally {
      setBusy(false);
    }
  }
  /** Field keys (the contract's or the server's) as the form's texts: the slug is the name's, so it is said there. */
  function fieldTextsOf(keys: FieldErrors): Record<string, string> {
    const texts: Record<string, string> = {};
    const first = (field: string) => keys[field]?.[0];
    const nameKey = first('name');
    if (nameKey)
      texts.name = t(nameKey === 'too_long' ? 'stores.errors.name_too_long' : 'stores.errors.name_required', {
        max: storeLimits.name,
      });
    else if (first('slug'))
      texts.name = t(
        first('slug') === 'slug_taken' ? 'stores.errors.slug_taken' : 'stores.errors.name_makes_no_address',
      );
    if (first('country')) texts.country = t('stores.errors.country_required');
    if (first('category')) texts.category = t('stores.errors.category_required');
    return texts;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void persist(revision);
  };
  /** Shows the store as saved: after "keep theirs" or a restore, the form holds what the server holds. */
  const adopt = (saved: AlbumDetail) => {
    setName(saved.name);
    setCountry(saved.country);
    setCategory(saved.category ? String(saved.category.id) : '');
    setRevision(saved.revision);
    setHeld(
      fieldsKey({
        name: saved.name,
        country: saved.country,
        category: saved.category ? String(saved.category.id) : '',
      }),
    );
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
  };
  /**
   * "Keep theirs": what is typed here is first saved on top of theirs (a revision in the history), then theirs is
   * restored over it, so taking the colleague's version loses nothing typed here.
   */
  const [keepError, setKeepError] = useState<string | null>(null);
  async function keepTheirs(theirs: AlbumDetail) {
    if (!album) return;
    // Nothing typed since the last save or read (or nothing a save would take): that version is in the history already.
    if (fieldsKey({ name: name.trim(), country, category }) === held || country === '') {
      adopt(theirs);
      return conflict.close();
    }
    setBusy(true);
    setKeepError(null);
    try {
      const mine = await editAlbum(
        album.id,
        { name: name.trim(), country, category: Number(category) },
        theirs.revision,
      );
      const kept = mine.revision !== theirs.revision;
      adopt(kept ? await restoreAlbumRevision(album.id, theirs.revision, mine.revision) : theirs);
      conflict.close();
      const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      setOutcome(kept ? { ok: true, text: t('conflict.mineKept', { time }) } : null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await conflict.show();
      setKeepError(errorText(t, error, 'stores.errors'));
    } finally {
      setBusy(false);
    }
  }
  const [historyOpen, setHistoryOpen] = useState(false);
  const theirs = conflict.theirs;
  const categoryName = (id: string | number | undefined) => {
    const found = categories.find((c) => String(c.id) === String(id));
    return found ? t(`stores.categories.${found.key}`, { defaultValue: found.name }) : '';
  };

  return (
    <>
      {album && <PendingChanges album={album} revision={revision} onDone={adopt} />}
      <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate={false}>
        <FormField
          label={t('stores.form.name')}
          required
          maxLength={storeLimits.name}
          value={name}
          error={fieldErrors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <CountrySelect id="album-country" value={country} error={fieldErrors.country} onChange={setCountry} />
        <SelectField
          id="album-category"
          label={t('stores.form.category')}
          value={category}
          error={fieldErrors.category}
          onChange={setCategory}
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
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy} busyLabel={t('stores.form.saving')}>
            {t(album ? 'stores.form.save' : 'stores.form.add')}
          </Button>
          {album && (
            <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
              <History className="size-4" aria-hidden="true" />
              {t('history.open')}
            </Button>
          )}
        </div>
        <SaveOutcome outcome={outcome} />
      </form>
      {album && <DescriptionSection album={album} />}
      {album && historyOpen && (
        <HistoryPanel
          queryKey={staffKeys.revisions(album.id)}
          load={(signal) => getAlbumRevisions(album.id, signal)}
          // The restore names the version this form holds, so it cannot undo a save it has not seen.
          restore={async (row) => {
            adopt(await restoreAlbumRevision(album.id, row.id, revision));
            setHistoryOpen(false);
            setOutcome({ ok: true, text: t('stores.form.restored') });
          }}
          errorSection="stores.errors"
          summary={(row) => storeChangeSummary(t, row)}
          view={async (row, signal) =>
            storeVersionText(t, await getAlbumRevision(album.id, row.id, signal), categories)
          }
          onConflict={() => {
            setHistoryOpen(false);
            void conflict.show();
          }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            { label: t('stores.form.name'), mine: name.trim(), theirs: theirs.name },
            { label: t('stores.form.country'), mine: country, theirs: theirs.country },
            {
              label: t('stores.form.category'),
              mine: categoryName(category),
              theirs: categoryName(theirs.category?.id),
            },
          ]}
          busy={busy}
          keepsMineInHistory
          error={keepError}
          onKeepTheirs={() => void keepTheirs(theirs)}
          onKeepMine={() => {
            conflict.close();
            void persist(theirs.revision);
          }}
        />
      )}
    </>
  );
}

/** A store's form fields as one comparable value. */
const fieldsKey = (fields: { name: string; country: string; category: string }) =>
  JSON.stringify([fields.name, fields.country, fields.category]);

/** The generated description: offered while empty, then a disabled "Description Generated" and a link to the article. */
function DescriptionSection({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generated = album.articleId !== null || !album.isEmptyDescription;
  async function generate() {
    setBusy(true);
    setError(null);
    try {
      await suggestDescription(album.id);
      await queryClient.invalidateQueries({ queryKey: staffKeys.album(album.id) });
    } catch (e) {
      setError(errorText(t, e, 'stores.errors'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="description-title" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="description-title" className="text-lg font-semibold text-slate-900">
        {t('stores.description.title')}
      </h2>
      {album.description && (
        <p className="mt-2 text-slate-700" data-testid="store-description">
          {album.description}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button onClick={generate} disabled={generated} busy={busy} busyLabel={t('stores.description.generating')}>
          <Sparkles className="size-4" aria-hidden="true" />
          {t(generated ? 'stores.description.generated' : 'stores.description.generate')}
        </Button>
        {album.articleId !== null && (
          <Link to={`/editor/${album.articleId}`} className="text-sm font-medium text-emerald-800 underline">
            {t('stores.description.edit')}
          </Link>
        )}
      </div>
      {error && <SaveOutcome outcome={{ ok: false, text: error }} />}
    </section>
  );
}
