import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** What a reusable query takes: ids, names, times — values that only ever go into parameters. */
type Argument = number | string;
type Kinds<Args extends Argument[]> = { [K in keyof Args]: Args[K] extends number ? 'number' : 'string' };

// values no row can have; each marks where its argument goes in the compiled parameters.
const numberPlaceholder = (position: number) => -2_147_480_001 - position;
const stringPlaceholder = (position: number) => `\u0000papo-argument-${position}\u0000`;

/**
 * A query built and compiled by Kysely once per database, then run with new arguments each time.
 * Building and compiling a query cost more than running it (decisions 012 and 020); the SQL never
 * changes, only the values in its parameters. `build` must use its arguments only as query parameters.
 */
export function reusableQueryOf<Row, Args extends Argument[]>(
  kinds: NoInfer<Kinds<Args>>,
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const kindList: readonly string[] = kinds;
  const placeholders = kindList.map((kind, i) => (kind === 'number' ? numberPlaceholder(i) : stringPlaceholder(i)));
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; positions: number[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      // the one cast of the trick: each placeholder stands for its argument, of the kind `kinds` says.
      const query = build(db, ...(placeholders as Args)).compile();
      if (placeholders.some((placeholder) => !query.parameters.includes(placeholder))) {
        throw new Error('reusableQuery: an argument is not a parameter of the query');
      }
      // Where each parameter takes an argument (-1: a constant of the query, kept as compiled).
      const positions = query.parameters.map((value) => placeholders.findIndex((placeholder) => placeholder === value));
      entry = { query, positions };
      compiled.set(db, entry);
    }
    const { query, positions } = entry;
    const parameters = query.parameters.map((value, i) => {
      const at = positions[i] ?? -1;
      return at >= 0 ? args[at] : value;
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** A reusable query of one id (a member's, mostly): see reusableQueryOf. */
export function reusableQuery<Row>(build: (db: Kysely<Database>, id: number) => Compilable<Row>) {
  return reusableQueryOf<Row, [number]>(['number'], build);
}
