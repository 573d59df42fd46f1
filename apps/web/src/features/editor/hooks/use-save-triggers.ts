import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { paths } from '../../../config/paths';
import { writeLocalDraft } from '../lib/local-draft';
import type { SaveState } from '../lib/article-save';
import type { TypedArticle } from './use-article-fields';

/** Quiet after a change before the draft is saved by itself (ms). */
export const autosaveDelay = 3000;
/** How soon after a change what is typed is kept in the browser's storage (ms). */
const localDraftDelay = 800;

/** What is typed goes to the browser's storage a moment after each change, until a save takes it. */
export function useLocalDraftCopy({
  id,
  typed: { title, description, youtube, content },
  unsaved,
  revision,
  version,
}: {
  id: number | null;
  typed: TypedArticle;
  unsaved: RefObject<boolean>;
  revision: RefObject<number>;
  version: number;
}) {
  useEffect(() => {
    if (!unsaved.current) return;
    const timer = setTimeout(() => {
      if (unsaved.current) {
        const draft = {
          title,
          description,
          youtube,
          content: content.current,
          revision: revision.current,
          at: new Date().toISOString(),
        };
        writeLocalDraft(id, draft);
      }
    }, localDraftDelay);
    return () => clearTimeout(timer);
  }, [version, id, title, description, youtube, unsaved, content, revision]);
}

/** What starts a save by itself: a failed one's wait over (or the browser back online), Ctrl+S, a quiet moment. */
export function useSaveTriggers(save: SaveState, version: number, persist: (autosave?: boolean) => Promise<boolean>) {
  useEffect(() => {
    if (save.kind !== 'retrying') return;
    const timer = setTimeout(() => void persist(true), Math.max(0, save.at - Date.now()));
    const online = () => void persist(true);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [save, persist]);

  // Ctrl+S / Cmd+S saves now, as in any editor (the browser's "save page" is not what a writer means here).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void persist();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [persist]);

  useEffect(() => {
    if (save.kind !== 'dirty') return;
    const timer = setTimeout(() => void persist(true), autosaveDelay);
    return () => clearTimeout(timer);
  }, [version, save.kind, persist]);
}

/**
 * Leaving with unsaved changes asks first: closing the tab (while `asks`), and links inside the app while a change
 * or a save is on its way; the move of a new article to its own address after its first save is no leaving.
 */
export function useLeaveGuard({
  asks,
  unsaved,
  saving,
  id,
}: {
  asks: boolean;
  unsaved: RefObject<boolean>;
  saving: RefObject<boolean>;
  id: number | null;
}) {
  useEffect(() => {
    if (!asks) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [asks]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      (unsaved.current || saving.current) &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(id === null && nextLocation.pathname.startsWith(`${paths.editor}/`)),
  );
}
