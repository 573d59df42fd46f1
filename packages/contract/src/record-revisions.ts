import { z } from 'zod';
import { revisionSummaryAnswer, type RecordRevisionList, type RevisionStamp } from './editor.js';

/*
 * The answer schemas a store's and a bio entry's history share (decision 028): the version an editor reads, and the
 * list of saves. Checked against the editor module's interfaces: a field they have and a schema lacks fails the
 * typecheck.
 */

/** A record's version (`RevisionStamp`): its shape extends the schema of what an editor reads. */
export const revisionStampAnswer = z.object({
  revision: z.number(),
  revisionAuthor: z.string().nullable(),
  revisionAt: z.string().nullable(),
}) satisfies z.ZodType<RevisionStamp>;

/** `GET /api/album/{id}/revisions` and `GET /api/bio/{id}/revisions`: the saves, newest first. */
export const recordRevisionListAnswer = z.object({
  revisions: z.array(revisionSummaryAnswer),
}) satisfies z.ZodType<RecordRevisionList>;
