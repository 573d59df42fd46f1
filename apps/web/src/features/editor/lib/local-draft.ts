/**
 * What is typed in the article editor and not saved yet, kept in the browser's storage until a save takes it: a tab
 * closed (or a browser that crashed) before the save offers it back when the article is opened again. One draft per
 * article (`new` before the first save); it names the revision it was typed on, so bringing it back and saving it
 * meets the conflict check if someone saved since.
 */
export interface LocalDraft {
  title: string;
  description: string;
  youtube: string;
  content: string;
  /** The revision the text was typed on (its save's If-Match). */
  revision: number;
  /** When it was last typed (ISO time). */
  at: string;
}

const keyOf = (id: number | null) => `papo:article-draft:${id ?? 'new'}`;

function isDraft(value: unknown): value is LocalDraft {
  if (typeof value !== 'object' || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  return (
    ['title', 'description', 'youtube', 'content', 'at'].every((field) => typeof record[field] === 'string') &&
    typeof record.revision === 'number'
  );
}

/** The draft kept for an article, if any (anything unreadable counts as none). */
export function readLocalDraft(id: number | null): LocalDraft | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(id)) ?? 'null');
    return isDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps what is typed; a full storage keeps nothing more (the server's save is what counts). */
export function writeLocalDraft(id: number | null, draft: LocalDraft): void {
  try {
    localStorage.setItem(keyOf(id), JSON.stringify(draft));
  } catch {
    // a storage that is full or refused (private mode) only loses this safety net, never the editing.
  }
}

export function dropLocalDraft(id: number | null): void {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
