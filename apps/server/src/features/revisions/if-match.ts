import { httpError } from '../../lib/http-error.js';

/*
 * Conflict-safe saves (decisions 024, 028): what an editor reads carries the version it is (the id of its newest
 * revision) as the ETag `"r{id}"`; the editor sends it back as `If-Match` with its save, and a save whose tag is not
 * the newest is refused with 412 `edit_conflict` before anything is written. Articles, stores, bio entries and the
 * category step all use these three functions.
 */

/** The ETag of a revision: what the editor sends back as `If-Match`. */
export function revisionEtag(id: number): string {
  return `"r${id}"`;
}

/** Whether an `If-Match` header (absent: a client that does not send one) names the head revision. */
export function ifMatchHolds(header: string | undefined, head: number): boolean {
  if (header === undefined || header.trim() === '') return true;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === revisionEtag(head);
  });
}

/** A stale `If-Match`: someone saved since this editor read the record. Nothing is written. */
export function conflict(): never {
  throw httpError(412, 'edit_conflict');
}

/** The `If-Match` a request sent (the version its editor last read), if any. */
export function ifMatchOf(request: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = request.headers['if-match'];
  return Array.isArray(header) ? header.join(',') : header;
}
