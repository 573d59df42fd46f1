/** What other features use of revisions: its public surface (the server's boundary rule, eslint/server-feature-boundaries.js). */
export {
  findHeads,
  findHistoryHeads,
  findRevision,
  foldRevision,
  insertRevision,
  listRevisions,
  lockHeads,
  pruneRevisions,
  revisionText,
  sameText,
  setHeads,
  textOf,
} from './article-revisions.js';
export type { Heads, RevisionText } from './article-revisions.js';
export { conflict, ifMatchHolds, ifMatchOf, revisionEtag } from './if-match.js';
export {
  dropRecordRevisions,
  findRecordRevision,
  recordRevisionList,
  recordStamp,
  recordStamps,
  saveRecord,
} from './record-revisions.js';
export type { RecordSave } from './record-revisions.js';
export { staffName } from './staff-name.js';
