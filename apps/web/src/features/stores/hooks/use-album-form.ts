import { slugify } from '@papo/contract/slug';
import { albumAddInput, albumEditInput, storeLimits, type AlbumDetail, type StoreCountry } from '@papo/contract/stores';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { ApiError, errorText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { addAlbum } from '../api/add-album';
import { editAlbum } from '../api/edit-album';
import { readAlbum } from '../api/get-album';
import { restoreAlbumRevision } from '../api/restore-album-revision';
import { staffKeys } from '../api/staff-keys';

/** A store's form fields as one comparable value. */
const fieldsKey = (fields: { name: string; country: string; category: string }) =>
  JSON.stringify([fields.name, fields.country, fields.category]);

const categoryOf = (album: AlbumDetail | null) => (album?.category ? String(album.category.id) : '');

/** Field keys (the contract's or the server's) as the form's texts: the slug is the name's, so it is said there. */
function fieldTextsOf(t: TFunction, keys: FieldErrors): Record<string, string> {
  const texts: Record<string, string> = {};
  const first = (field: string) => keys[field]?.[0];
  const nameKey = first('name');
  if (nameKey)
    texts.name = t(nameKey === 'too_long' ? 'stores.errors.name_too_long' : 'stores.errors.name_required', {
      max: storeLimits.name,
    });
  else if (first('slug'))
    texts.name = t(first('slug') === 'slug_taken' ? 'stores.errors.slug_taken' : 'stores.errors.name_makes_no_address');
  if (first('country')) texts.country = t('stores.errors.country_required');
  if (first('category')) texts.category = t('stores.errors.category_required');
  return texts;
}

/** The store's fields as typed, the version this form read, and what was last saved or read. */
function useAlbumFields(album: AlbumDetail | null) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(album?.name ?? '');
  // '' until one is chosen (the select is required, so a form without one is not sent).
  const [country, setCountry] = useState<StoreCountry | ''>(album?.country ?? '');
  const [category, setCategory] = useState<string>(categoryOf(album));
  // The store's version this form read: sent as If-Match, so a save never overwrites one unseen (decision 028).
  const [revision, setRevision] = useState(album?.revision ?? 0);
  // The fields as last saved or read: what differs is typed here and not yet in the history.
  const [held, setHeld] = useState(() =>
    fieldsKey({ name: album?.name ?? '', country: album?.country ?? '', category: categoryOf(album) }),
  );
  /** Shows the store as saved: after "keep theirs" or a restore, the form holds what the server holds. */
  const adopt = (saved: AlbumDetail) => {
    setName(saved.name);
    setCountry(saved.country);
    setCategory(categoryOf(saved));
    setRevision(saved.revision);
    setHeld(fieldsKey({ name: saved.name, country: saved.country, category: categoryOf(saved) }));
    void queryClient.invalidateQueries({ queryKey: staffKeys.all });
  };
  /** A save went through: the server now holds these fields, at this version. */
  const saved = (at: number, savedName: string) => {
    setRevision(at);
    setHeld(fieldsKey({ name: savedName, country, category }));
  };
  /** Whether what is typed is what was last saved or read. */
  const unchanged = () => fieldsKey({ name: name.trim(), country, category }) === held;
  return {
    ...{ name, setName, country, setCountry, category, setCategory },
    ...{ slug: slugify(name), revision, adopt, saved, unchanged },
  };
}

type AlbumFields = ReturnType<typeof useAlbumFields>;
type Conflict = ReturnType<typeof useRecordConflict<AlbumDetail>>;

/** Whether a save is under way, and what the last one said. */
function useSaveStatus() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The add form moves to /albumAdd/{id} once created; the success message comes along.
  const state: unknown = useLocation().state;
  const justCreated = typeof state === 'object' && state !== null && 'created' in state && state.created === true;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(
    justCreated ? { ok: true, text: t('stores.form.created') } : null,
  );
  return { busy, setBusy, outcome, setOutcome };
}

type SaveStatus = ReturnType<typeof useSaveStatus>;

/** The save: checked by the contract first, then added (moving to the new store's address) or edited at a version. */
function useAlbumSave(album: AlbumDetail | null, form: AlbumFields, status: SaveStatus, conflict: Conflict) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The contract's check before sending, and a refused save's fields: each said under its own control.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { name, country, category, slug } = form;
  const { setBusy, setOutcome } = status;

  async function persist(ifRevision: number) {
    const input = { name: name.trim(), country, category: category === '' ? undefined : category };
    const checked = album ? albumEditInput.safeParse(input) : albumAddInput.safeParse({ ...input, slug });
    const missingCategory = category === '';
    if (!checked.success || missingCategory || country === '') {
      setFieldErrors(
        fieldTextsOf(t, {
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
        form.saved(saved.revision, fields.name);
        setOutcome({ ok: true, text: t('stores.form.edited') });
        await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      } else {
        const created = await addAlbum({ ...fields, slug });
        await queryClient.invalidateQueries({ queryKey: staffKeys.list });
        navigate(`/albumAdd/${created.id}`, { replace: true, state: { created: true } });
      }
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(fieldTextsOf(t, error.errors));
      setOutcome({ ok: false, text: errorText(t, error, 'stores.errors') });
    } finally {
      setBusy(false);
    }
  }
  return { fieldErrors, persist };
}

/**
 * "Keep theirs": what is typed here is first saved on top of theirs (a revision in the history), then theirs is
 * restored over it, so taking the colleague's version loses nothing typed here.
 */
function useKeepTheirs(album: AlbumDetail | null, form: AlbumFields, status: SaveStatus, conflict: Conflict) {
  const { t, i18n } = useTranslation();
  const [keepError, setKeepError] = useState<string | null>(null);
  const { setBusy, setOutcome } = status;
  async function keepTheirs(theirs: AlbumDetail) {
    const { name, country, category } = form;
    if (!album) return;
    // Nothing typed since the last save or read (or nothing a save would take): that version is in the history already.
    if (form.unchanged() || country === '') {
      form.adopt(theirs);
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
      form.adopt(kept ? await restoreAlbumRevision(album.id, theirs.revision, mine.revision) : theirs);
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
  return { keepError, keepTheirs };
}

/**
 * Step 1 of the album wizard as state: the fields, the save and its outcome, and a conflict with a colleague's save
 * (decision 028), either kept over or taken with what is typed here kept in the history.
 */
export function useAlbumForm(album: AlbumDetail | null) {
  const form = useAlbumFields(album);
  const status = useSaveStatus();
  const conflict = useRecordConflict(() => readAlbum(album?.id ?? 0));
  const save = useAlbumSave(album, form, status, conflict);
  const keep = useKeepTheirs(album, form, status, conflict);
  return { form, status, conflict, ...save, ...keep };
}
