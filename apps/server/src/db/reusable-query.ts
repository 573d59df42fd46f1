import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';

// NOTE: an id no row can have; it marks where the argument goes in the compiled parameters.
const placeholder = -2_147_480_001;

/**
 * A query built and compiled by Kysely once per database, then run with a new id each time. Building
 * and compiling a query with nested sub-selects cost more than running it (decision 012); the SQL never
 * changes, only where the id goes. `build` must use its argument only as a query parameter.
 */
export function reusableQuery<Row>(build: (db: Kysely<Database>, id: number) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, id: number): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, placeholder).compile();
      if (!query.parameters.includes(placeholder)) throw new Error('reusableQuery: the argument is not a parameter of the query');
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => (value === placeholder ? id : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
