import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { visitorVotesPerIp, type Survey, type SurveyVoteResult } from '@papo/contract/home';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation, parseTextList } from '../../db/values.js';
import { httpError } from '../../lib/http-error.js';

/** Who votes: an account, or a logged-out visitor known by the id in a signed cookie. */
export type Voter = { userId: number } | { visitorId: string; ipHash: string };

interface SurveyRow {
  id: number;
  question: string;
  options: string[];
}

async function findSurvey(db: Kysely<Database>, id: number): Promise<SurveyRow | undefined> {
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'question', 'options'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, question: row.question, options: parseTextList(row.options) };
}

function votesOf(db: Kysely<Database>, surveyId: number) {
  return db.selectFrom('survey_votes').where('survey_id', '=', surveyId);
}

async function findVote(db: Kysely<Database>, surveyId: number, voter: Voter | undefined): Promise<number | null> {
  if (!voter) return null;
  const query =
    'userId' in voter
      ? votesOf(db, surveyId).where('user_id', '=', voter.userId)
      : votesOf(db, surveyId).where('visitor_id', '=', voter.visitorId);
  const row = await query.select('option_index').executeTakeFirst();
  return row ? row.option_index : null;
}

async function countVotes(db: Kysely<Database>, survey: SurveyRow): Promise<number[]> {
  const rows = await votesOf(db, survey.id)
    .select(['option_index', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('option_index')
    .execute();
  const counts = survey.options.map(() => 0);
  for (const row of rows) if (row.option_index < counts.length) counts[row.option_index] = Number(row.n);
  return counts;
}

/** The survey with this voter's choice; the counts only once they voted (results follow a vote). */
export async function readSurvey(db: Kysely<Database>, id: number, voter: Voter | undefined): Promise<Survey> {
  const survey = await findSurvey(db, id);
  if (!survey) throw httpError(404, 'survey_not_found');
  const votedIndex = await findVote(db, id, voter);
  return { ...survey, votedIndex, counts: votedIndex === null ? null : await countVotes(db, survey) };
}

/**
 * One vote per account, or per visitor cookie with at most `visitorVotesPerIp` logged-out votes per IP
 * address (clearing cookies does not buy unlimited votes). A second vote is 409 `already_voted`; the
 * unique indexes decide a race between two requests of the same voter.
 */
export async function castVote(
  db: Kysely<Database>,
  surveyId: number,
  optionIndex: number,
  voter: Voter,
): Promise<SurveyVoteResult> {
  const survey = await findSurvey(db, surveyId);
  if (!survey) throw httpError(404, 'survey_not_found');
  if (optionIndex >= survey.options.length)
    throw httpError(400, 'validation_failed', { optionIndex: ['survey_option_invalid'] });
  if ((await findVote(db, surveyId, voter)) !== null) throw httpError(409, 'already_voted');
  if ('visitorId' in voter) {
    const fromIp = await votesOf(db, surveyId)
      .where('ip_hash', '=', voter.ipHash)
      .where('user_id', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(fromIp.n) >= visitorVotesPerIp) throw httpError(429, 'too_many_requests');
  }
  try {
    await db
      .insertInto('survey_votes')
      .values({
        survey_id: surveyId,
        option_index: optionIndex,
        user_id: 'userId' in voter ? voter.userId : null,
        visitor_id: 'visitorId' in voter ? voter.visitorId : null,
        ip_hash: 'ipHash' in voter ? voter.ipHash : '',
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw httpError(409, 'already_voted');
    throw error;
  }
  return { surveyId, votedIndex: optionIndex, counts: await countVotes(db, survey) };
}

/** The visitor cookie: a random id and its HMAC, so a client can only present ids the server issued. */
export function visitorCookies(key: Buffer) {
  const sign = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    issue(): { id: string; value: string } {
      const id = randomBytes(16).toString('base64url');
      return { id, value: `${id}.${sign(id)}` };
    },
    /** The id of a genuine cookie value, else undefined. */
    read(value: string | undefined): string | undefined {
      const [id, mac] = (value ?? '').split('.');
      if (!id || !mac) return undefined;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
    },
  };
}
