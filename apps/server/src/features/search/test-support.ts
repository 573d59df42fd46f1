import type { FastifyInstance } from 'fastify';
import type { Dialect } from '../../db/database.js';

/** Counts the queries the app's database runs from here on, until `stop`: what a cached read costs. */
export function countQueries(app: FastifyInstance): { readonly count: number; stop(): void } {
  const executor = app.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  let count = 0;
  executor.executeQuery = ((...args: Parameters<typeof original>) => {
    count += 1;
    return original(...args);
  }) as typeof executor.executeQuery;
  return {
    get count() {
      return count;
    },
    stop: () => void (executor.executeQuery = original),
  };
}

/**
 * The version reads a kept answer costs on `dialect`: one row read on SQLite; none on PostgreSQL, whose triggers'
 * notifications tell the node of every move (decision 031).
 */
export const versionReads = (dialect: Dialect): number => (dialect === 'postgres' ? 0 : 1);
