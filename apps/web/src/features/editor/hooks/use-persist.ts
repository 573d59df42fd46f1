import { articleInput, type ArticleInput } from '@papo/contract/article-schemas';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/api';
import { checkFields } from '../../../lib/field-errors';
import { editorKeys } from '../api/editor-keys';
import { fieldTextsOf, type SaveState } from '../lib/article-save';
import { dropLocalDraft } from '../lib/local-draft';

/**
 * One save of what is typed at a time: a save asked for while one is on its way runs once that one is back; the
 * contract's own check refuses what the server would, without a call; a saved text leaves the browser's storage.
 */
export function usePersist({
  article,
  id,
  title,
  saveKind,
  inputNow,
  send,
  failed,
  failures,
  setFieldErrors,
  setSave,
  setVersion,
  unsaved,
  edits,
}: {
  article: EditorArticle;
  id: number | null;
  title: string;
  saveKind: SaveState['kind'];
  inputNow: () => ArticleInput;
  send: (input: ArticleInput, autosave: boolean) => Promise<void>;
  failed: (error: unknown) => Promise<void>;
  failures: RefObject<number>;
  setFieldErrors: (errors: Record<string, string>) => void;
  setSave: Dispatch<SetStateAction<SaveState>>;
  setVersion: Dispatch<SetStateAction<number>>;
  unsaved: RefObject<boolean>;
  edits: RefObject<number>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saving = useRef(false);
  // An autosave that came due while another save was on the way: it runs once that one is back.
  const dueWhileSaving = useRef(false);
  // The save on its way, if any: publishing waits for it.
  const inFlight = useRef<Promise<void>>(Promise.resolve());

  /** Saves what is typed; `autosave` when the editor saves by itself (such saves fold into one revision per ten minutes). */
  const persist = useCallback(
    async (autosave = false): Promise<boolean> => {
      if (!title.trim() || saveKind === 'conflict') return false;
      if (saving.current) {
        dueWhileSaving.current = true;
        return false;
      }
      const input = inputNow();
      const checked = articleInput.safeParse(input);
      if (!checked.success) {
        // The contract's own check: what the server would refuse is said without a call.
        setFieldErrors(fieldTextsOf(t, checkFields(checked.error)));
        setSave({ kind: 'error', text: messageText(t, 'validation_failed', 'editor.errors') });
        return false;
      }
      saving.current = true;
      let settle!: () => void;
      inFlight.current = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const editsAtStart = edits.current;
      setSave({ kind: 'saving' });
      try {
        await send(input, autosave);
        if (edits.current === editsAtStart) {
          unsaved.current = false;
          // Saved: nothing of this text needs the browser's copy any more (the first save leaves the `new` one).
          dropLocalDraft(article.id || null);
          if (id !== null) dropLocalDraft(id);
        }
        failures.current = 0;
        setFieldErrors({});
        setSave((current) => (current.kind === 'saving' ? { kind: 'saved', at: new Date() } : current));
        void queryClient.invalidateQueries({ queryKey: editorKeys.lists });
        void queryClient.invalidateQueries({ queryKey: editorKeys.revisionsAll });
        return true;
      } catch (error) {
        await failed(error);
        return false;
      } finally {
        saving.current = false;
        settle();
        if (dueWhileSaving.current) {
          dueWhileSaving.current = false;
          // the text lives in a ref, so nothing else would start the autosave again for an edit made meanwhile.
          setVersion((v) => v + 1);
        }
      }
    },
    [
      article,
      edits,
      failed,
      failures,
      id,
      inputNow,
      queryClient,
      saveKind,
      send,
      setFieldErrors,
      setSave,
      setVersion,
      t,
      title,
      unsaved,
    ],
  );

  return { persist, saving, inFlight };
}
