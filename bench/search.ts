// `npm run bench:search`: search and did-you-mean at 100,000 articles, on SQLite and (with TEST_DATABASE_URL) on
// PostgreSQL. Each database gets 100,000 article documents in the search index (the rows the index's writer makes:
// the document, its full-text entry and its vocabulary's counts, written 500 at a time) with text
// drawn from the demo articles' words and made-up words, so the vocabulary has a long tail as real text does. Then
// the blog search's service (`searchDocuments`, what `GET /api/search` computes when its answer is not kept) answers:
// - search: queries of one to three corpus words, common and rare, each asked once (no kept answers are involved);
// - did-you-mean: misspelt words (a letter dropped, swapped or changed, an accent lost), each answered with its
//   correction's results.
// Targets: p99 ≤ 50 ms for search, ≤ 100 ms with a correction. Prints the figures, a bare baseline (a document read by
// its key, timed the same way: p99 ratios to it compare runs on a loaded machine) and the machine's load beside them;
// writes bench/results/search.json. Missed targets are reported, not fatal. `BENCH_SEARCH_ARTICLES` seeds fewer.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Dialect } from '../apps/server/src/db/database.js';
import { demoArticles } from '../apps/server/src/features/articles/seed/blog-articles.js';
import { searchDocuments } from '../apps/server/src/features/search/service.js';
import { indexText, tokenize } from '../apps/server/src/features/search/text.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import {
  createPostgresTemplate,
  createTestDatabase,
  hasPostgres,
  type TestDatabase,
} from '../apps/server/src/test/db.js';

const articleCount = Number(process.env.BENCH_SEARCH_ARTICLES ?? 100_000);
const perStatement = 500;
const searchQueries = 400;
const correctionQueries = 200;
const targets = { searchP99Ms: 50, correctionP99Ms: 100 };
const kinds = ['article', 'person'];

/** A small deterministic generator, so every run seeds and asks the same. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const demoWords = [
  ...new Set(demoArticles.flatMap((a) => tokenize(`${a.title} ${a.paragraphs.join(' ')}`).map((t) => t.word))),
].filter((w) => w.length > 2);
const syllables = [
  'ba',
  'ca',
  'da',
  'fe',
  'ga',
  'li',
  'ma',
  'no',
  'pa',
  'ro',
  'sa',
  'ta',
  'vi',
  'xo',
  'zu',
  'lh',
  'nh',
  'ção',
  'ões',
  'ém',
];

/** The corpus's words: the demo's, then made-up ones, picked with a skew (a few words common, most rare). */
function corpusWords(): { words: string[]; pick: () => string } {
  const next = random(7);
  const madeUp = Array.from({ length: 20_000 }, () =>
    Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join(''),
  );
  const words = [...new Set([...demoWords, ...madeUp])];
  const draw = random(12);
  // squaring a uniform draw favours the start of the list (the demo's words), as real text favours common words.
  return { words, pick: () => words[Math.floor(draw() ** 2 * words.length)] ?? 'papo' };
}

/**
 * Writes `articleCount` article documents, 500 a statement: the rows `indexDocument` writes one by one (the document,
 * its full-text entry, the vocabulary's counts of documents per term), so the seeding takes minutes, not an hour.
 */
async function seed(handle: TestDatabase, pick: () => string): Promise<number> {
  const { dialect } = handle;
  const db = handle.handle.db;
  const sentence = (length: number) => Array.from({ length }, pick).join(' ');
  const vocabulary = new Map<string, { display: string; docs: number }>();
  const started = performance.now();
  for (let start = 0; start < articleCount; start += perStatement) {
    const docs = Array.from({ length: Math.min(perStatement, articleCount - start) }, (_, i) => ({
      kind: 'article',
      ref_id: start + i + 1,
      slug: `bench-${start + i}`,
      title: sentence(6),
      cover: null,
      body: sentence(120),
    }));
    for (const doc of docs) {
      const seen = new Set<string>();
      for (const token of tokenize(`${doc.title} ${doc.body}`)) {
        if (seen.has(token.term)) continue;
        seen.add(token.term);
        const entry = vocabulary.get(token.term);
        if (entry) entry.docs += 1;
        else vocabulary.set(token.term, { display: token.word, docs: 1 });
      }
    }
    await db.transaction().execute(async (trx) => {
      const rows = await trx.insertInto('search_documents').values(docs).returning('id').execute();
      const entries = rows.map((row, i) => ({
        id: row.id,
        title: indexText(docs[i]?.title ?? ''),
        body: indexText(docs[i]?.body ?? ''),
      }));
      if (dialect === 'postgres') {
        const values = sql.join(entries.map((e) => sql`(${e.id}::int, ${e.title}, ${e.body})`));
        await sql`update search_documents d set tsv = setweight(to_tsvector('papo_search', v.t), 'A') || setweight(to_tsvector('papo_search', v.b), 'B') from (values ${values}) as v(id, t, b) where d.id = v.id`.execute(
          trx,
        );
      } else {
        await sql`insert into search_fts (rowid, title, body) values ${sql.join(entries.map((e) => sql`(${e.id}, ${e.title}, ${e.body})`))}`.execute(
          trx,
        );
      }
    });
  }
  const terms = [...vocabulary].map(([term, { display, docs }]) => ({
    kind: 'article',
    term,
    display,
    length: term.length,
    docs,
  }));
  for (let start = 0; start < terms.length; start += perStatement)
    await db
      .insertInto('search_terms')
      .values(terms.slice(start, start + perStatement))
      .execute();
  // the planner's statistics, as autovacuum keeps them on a running database after a load this size.
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  return Math.round((performance.now() - started) / 1000);
}

/** A misspelling of `word`: one letter dropped, two swapped, one changed, or its accents lost. */
function misspell(word: string, next: () => number): string {
  const letters = [...word];
  const at = 1 + Math.floor(next() * (letters.length - 2));
  const way = Math.floor(next() * 4);
  if (way === 0) letters.splice(at, 1);
  else if (way === 1) [letters[at], letters[at - 1]] = [letters[at - 1] ?? '', letters[at] ?? ''];
  else if (way === 2) letters[at] = letters[at] === 'e' ? 'i' : 'e';
  else
    return word.normalize('NFD').replace(/\p{M}/gu, '') === word
      ? `${word.slice(0, -1)}x`
      : word.normalize('NFD').replace(/\p{M}/gu, '');
  return letters.join('');
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed(
  queries: readonly string[],
  run: (q: string) => Promise<unknown>,
): Promise<{ p50Ms: number; p99Ms: number }> {
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await run(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Number(percentile(times, 50).toFixed(1)), p99Ms: Number(percentile(times, 99).toFixed(1)) };
}

/** A migrated database of its own. A PostgreSQL test database is copied from the test run's template, which a bench has not. */
async function benchDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') return createTestDatabase('sqlite');
  const migrated = await createPostgresTemplate();
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${migrated.name}`;
  const handle = openDatabase({ url: url.toString() });
  return {
    handle,
    dialect,
    url: url.toString(),
    destroy: async () => void (await handle.close(), await migrated.drop()),
  };
}

async function benchDialect(dialect: Dialect) {
  const handle = await benchDatabase(dialect);
  try {
    const { pick } = corpusWords();
    const seedSeconds = await seed(handle, pick);
    const db = handle.handle.db;
    const next = random(99);
    const search = Array.from({ length: searchQueries }, (_, i) => Array.from({ length: 1 + (i % 3) }, pick).join(' '));
    const corrected = demoWords.filter((word) => word.length >= 5);
    const typos = Array.from({ length: correctionQueries }, () =>
      misspell(corrected[Math.floor(next() * corrected.length)] ?? 'lisboa', next),
    );
    // a first pass warms the prepared statements and the vocabulary's kept lists, as a running node has them.
    await timed(search.slice(0, 20), (q) => searchDocuments(db, dialect, kinds, q));
    const load = loadavg()[0] ?? 0;
    // the bare baseline: one document read by its key, timed the same way, so a loaded machine's tail shows in
    // it as in the searches (the ratios are what compares across runs).
    const ids = search.map(() => 1 + Math.floor(next() * articleCount));
    const bare = await timed(ids.map(String), (id) =>
      db.selectFrom('search_documents').select(['id', 'title', 'body']).where('id', '=', Number(id)).executeTakeFirst(),
    );
    const searchTimes = await timed(search, (q) => searchDocuments(db, dialect, kinds, q));
    let suggested = 0;
    const correctionTimes = await timed(typos, async (q) => {
      if ((await searchDocuments(db, dialect, kinds, q)).suggestion) suggested += 1;
    });
    const loadAfter = loadavg()[0] ?? 0;
    const ratio = (ms: number) => Number((ms / Math.max(bare.p99Ms, 0.1)).toFixed(1));
    return {
      dialect,
      articles: articleCount,
      seedSeconds,
      bare,
      search: { ...searchTimes, p99VsBare: ratio(searchTimes.p99Ms) },
      didYouMean: { ...correctionTimes, p99VsBare: ratio(correctionTimes.p99Ms), suggested, asked: typos.length },
      loadAverage: [Number(load.toFixed(2)), Number(loadAfter.toFixed(2))],
    };
  } finally {
    await handle.destroy();
  }
}

const dialects: Dialect[] = hasPostgres ? ['sqlite', 'postgres'] : ['sqlite'];
const results = [];
for (const dialect of dialects) {
  const result = await benchDialect(dialect);
  results.push(result);
  const missed = [
    result.search.p99Ms > targets.searchP99Ms
      ? `search p99 ${result.search.p99Ms} ms > ${targets.searchP99Ms} ms`
      : null,
    result.didYouMean.p99Ms > targets.correctionP99Ms
      ? `did-you-mean p99 ${result.didYouMean.p99Ms} ms > ${targets.correctionP99Ms} ms`
      : null,
  ].filter(Boolean);
  console.log(JSON.stringify(result));
  console.log(missed.length ? `${dialect}: missed ${missed.join(', ')}` : `${dialect}: targets met`);
}
const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'search.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), cores: availableParallelism(), targets, results }, null, 2)}\n`,
);
console.log(`written ${out}`);
