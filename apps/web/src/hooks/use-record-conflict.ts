import type { RevisionStamp } from '@papo/contract/editor';
import { useState } from 'react';
import { ApiError } from '../lib/api';

/**
 * A conflict-safe save of a store or bio entry (decision 028), as the article editor's: a save refused with 412
 * `edit_conflict` reads the record again and holds it as `theirs`, for the shared `ConflictDialog`.
 */
export function useRecordConflict<T extends RevisionStamp>(load: () => Promise<T>) {
  const [theirs, setTheirs] = useState<T | null>(null);
  return {
    theirs,
    /** Runs `save`; on 412 loads their version and answers undefined (nothing was written). */
    async guard<R>(save: () => Promise<R>): Promise<R | undefined> {
      try {
        return await save();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 412) throw error;
        setTheirs(await load());
        return undefined;
      }
    },
    /** Someone saved meanwhile (a restore refused with 412): loads their version for the dialog. */
    async show(): Promise<void> {
      setTheirs(await load());
    },
    close: () => setTheirs(null),
  };
}
