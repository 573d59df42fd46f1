import { bioInput } from '@papo/contract/bio';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, messageText } from '../../../lib/api';
import { checkFields, type FieldErrors } from '../../../lib/field-errors';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { useDeleteBioEntry } from '../api/delete-bio-entry';
import type { BioDraft } from '../api/get-bio-entries';
import { readBioEntry } from '../api/get-bio-entry';
import { restoreBioRevision } from '../api/restore-bio-revision';
import { useSaveBioEntry } from '../api/save-bio-entry';

/** The tags as typed ("a, b, c"): each trimmed, empty ones left out. */
export const tagList = (tagsText: string) =>
  tagsText
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** Field keys (of the form's own check or of a refused save), translated, per field ('paragraphs.2' counts for the paragraphs). */
function fieldTexts(t: TFunction, errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, keys = []] of Object.entries(errors)) {
    const name = field.split('.')[0] ?? field;
    out[name] ??= keys.map((key) => messageText(t, key, 'bioEdit.fieldErrors')).join(' ');
  }
  return out;
}

/** What a save of the entry sends, to tell whether anything changed since the last save. */
const savedShape = (draft: BioDraft, tagsText: string) =>
  JSON.stringify([draft.tag, tagList(tagsText), draft.layout, draft.photoPath, draft.paragraphs]);

/** A line said under the entry's buttons: saved (or restored), or why not. */
export interface BioEntryStatus {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * One bio entry as edited: what is typed, whether it differs from the last save (told to the list through `onDirty`),
 * and its conflict-safe save (decision 028): a stale version opens the shared conflict dialog instead of writing.
 */
export function useBioEntry(initial: BioDraft, onDirty?: (dirty: boolean) => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BioDraft>(initial);
  const [tagsText, setTagsText] = useState(initial.tags.join(', '));
  const [status, setStatus] = useState<BioEntryStatus | null>(null);
  // the form is named after its saved tag, so its name does not change with every key typed.
  const [savedTag, setSavedTag] = useState(initial.id === null ? null : initial.tag);
  const [saved, setSaved] = useState(() => savedShape(initial, initial.tags.join(', ')));
  const save = useSaveBioEntry();
  const conflict = useRecordConflict(() => readBioEntry(draft.id ?? 0));
  // What the contract's schema found before sending; a refused save's own keys once one was sent.
  const [checked, setChecked] = useState<FieldErrors>({});
  const errors = fieldTexts(t, save.error instanceof ApiError ? save.error.errors : checked);
  const dirty = saved !== savedShape(draft, tagsText);
  const report = useRef(onDirty);
  report.current = onDirty;
  useEffect(() => report.current?.(dirty), [dirty]);
  // Gone (deleted, or another tab shown after "leave"), it holds nothing unsaved any more.
  useEffect(() => () => report.current?.(false), []);
  // An edit after a save makes "Salvo" untrue: the message goes with the first change.
  const set = (change: Partial<BioDraft>) => {
    setDraft({ ...draft, ...change });
    if (status?.tone === 'ok') setStatus(null);
  };

  /** Saves what is typed as the next version of `revision` (the one read, or theirs after "keep mine"). */
  const persist = async (revision: number) => {
    const tags = tagList(tagsText);
    setStatus(null);
    const parsed = bioInput.safeParse({ ...draft, tags });
    save.reset();
    setChecked(parsed.success ? {} : checkFields(parsed.error));
    if (!parsed.success) return setStatus({ tone: 'error', text: t('bioEdit.saveFailed') });
    try {
      const answer = await conflict.guard(() => save.mutateAsync({ ...draft, tags, revision }));
      if (!answer) return;
      const next = { ...draft, tags, id: answer.id, revision: answer.revision };
      setDraft(next);
      setSaved(savedShape(next, tagsText));
      setSavedTag(draft.tag);
      setStatus({ tone: 'ok', text: t('bioEdit.saved') });
    } catch {
      setStatus({ tone: 'error', text: t('bioEdit.saveFailed') });
    }
  };
  /** Shows `entry` as saved: after "keep theirs" or a restore, the form holds what the server holds. */
  const adopt = (entry: BioDraft) => {
    setDraft(entry);
    setTagsText(entry.tags.join(', '));
    setSaved(savedShape(entry, entry.tags.join(', ')));
    setSavedTag(entry.tag);
  };
  return {
    draft,
    tagsText,
    status,
    setStatus,
    savedTag,
    errors,
    dirty,
    save,
    conflict,
    set,
    /** The tags typed: the draft counts as changed too (a "Salvo" said goes). */
    setTags: (text: string) => {
      setTagsText(text);
      set({});
    },
    persist,
    adopt,
  };
}

/** The bio entry as edited, as its form's parts use it. */
export type BioEntry = ReturnType<typeof useBioEntry>;

/**
 * "Keep theirs": what is typed here is first saved on top of theirs (a revision in the history), then theirs is
 * restored over it, so taking the colleague's version loses nothing typed here.
 */
export function useKeepTheirs({ draft, tagsText, dirty, save, conflict, adopt, setStatus }: BioEntry) {
  const { t, i18n } = useTranslation();
  const [keeping, setKeeping] = useState(false);
  const [keepError, setKeepError] = useState<string | null>(null);
  const keepTheirs = async (theirs: BioDraft) => {
    if (draft.id === null) return;
    // Nothing typed since the last save or read: that version is in the history already.
    if (!dirty) {
      adopt(theirs);
      return conflict.close();
    }
    setKeeping(true);
    setKeepError(null);
    try {
      const mine = await save.mutateAsync({ ...draft, tags: tagList(tagsText), revision: theirs.revision });
      const kept = mine.revision !== theirs.revision;
      adopt(kept ? await restoreBioRevision(draft.id, theirs.revision, mine.revision) : theirs);
      conflict.close();
      const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date());
      setStatus(kept ? { tone: 'ok', text: t('conflict.mineKept', { time }) } : null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await conflict.show();
      setKeepError(errorText(t, error));
    } finally {
      setKeeping(false);
    }
  };
  return { keeping, keepError, keepTheirs };
}

/**
 * Deleting the entry, once asked: an entry never saved exists only here and goes without a call (public-site §4).
 * A stale version (someone saved the entry since it was read) deletes nothing: the conflict dialog shows their save,
 * and a delete asked again afterwards names the version now seen.
 */
export function useDeleteEntry({ draft, conflict }: BioEntry, onDeleted: () => void) {
  const remove = useDeleteBioEntry();
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    if (draft.id === null) return onDeleted();
    const id = draft.id;
    void conflict
      .guard(async () => {
        await remove.mutateAsync({ id, revision: draft.revision });
        return true;
      })
      .then((done) => {
        setAsking(false);
        if (done) onDeleted();
      })
      .catch(() => undefined);
  };
  return { remove, asking, setAsking, confirm };
}
