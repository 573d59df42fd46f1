import { AsyncLocalStorage } from 'node:async_hooks';
import { isRecord } from '@papo/contract/records';
import { LRUCache } from 'lru-cache';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/*
 * What the data layer tells of the rows it reads and writes (decision 053). A *source* is what an answer kept in
 * memory is made of: a table (`articles`) or the rows of one key in a table keyed by a column (`users:42`,
 * `notifications:42`, `conversation_messages:17`: `keyed` below). Every statement passes through the driver below,
 * so no writer can forget to tell:
 * - a write is told, as the sources it wrote, to the database's listeners once it is committed (at once outside a
 *   transaction, at the commit inside one, never after a rollback), one call per commit;
 * - a read made inside `readingInto` adds the tables it read to that collection, so a cache loading a record learns
 *   what the record is made of without saying it.
 */

/** A table (`articles`), one key's rows in a keyed table (`users:42`), or `*` (a statement not understood). */
export type Source = string;

/** Everything: what a write that cannot be read (a raw statement in another shape) tells. */
export const everySource: Source = '*';

/**
 * The tables a kept record may narrow to some of their rows, and the column keying those rows: a member's
 * (`users:42`, `notifications:42`), a conversation's (`conversation_messages:17`), a channel level's member. A write
 * that names the key (an insert's value, an upsert whose conflict is over the key, an update's or delete's
 * `where column = key`) tells those rows; any other, and an update that moves rows to another key, the whole table.
 *
 * `chosenBy`: the columns that choose which rows of the table a record shows when it is narrowed to the rows it shows
 * (a member's conversations, by `user_a` and `user_b`, narrowed to their ids). A row that comes into such a choice
 * names none of the shown keys, so an insert there, or an update of those columns, tells the whole table (decision 053).
 */
const keyed: Readonly<Record<string, { column: string; chosenBy?: readonly string[] }>> = {
  users: { column: 'id' },
  nicknames: { column: 'user_id' },
  favorite_channels: { column: 'user_id' },
  notifications: { column: 'user_to' },
  channel_levels: { column: 'user_id' },
  channel_bans: { column: 'user_id' },
  conversations: { column: 'id', chosenBy: ['user_a', 'user_b'] },
  conversation_messages: { column: 'conversation_id' },
  conversation_reads: { column: 'conversation_id' },
};

/** The table of a source (`users` for `users:42`). */
export function tableOf(source: Source): string {
  const colon = source.indexOf(':');
  return colon < 0 ? source : source.slice(0, colon);
}

/** Whether a write of `written` changes what was read as `read`: the same table, and the same key unless either is the whole table. */
export function touches(written: Source, read: Source): boolean {
  if (written === everySource || written === read) return true;
  const table = tableOf(written);
  if (table !== tableOf(read)) return false;
  return written === table || read === table;
}

const reads = new AsyncLocalStorage<Set<Source>>();

/** Runs `load` with every table its statements read (and every kept answer it reads, lib/shared-cache.ts) added to `into`. */
export function readingInto<T>(into: Set<Source>, load: () => Promise<T>): Promise<T> {
  return reads.run(into, load);
}

/** The collection of the load under way, if any: what a kept answer read from memory adds its sources to. */
export function currentReads(): Set<Source> | undefined {
  return reads.getStore();
}

const untold = new AsyncLocalStorage<true>();

/**
 * Runs `write` with its commits told to no one: what a write from outside the server (psql, another program) is to the
 * caches. For tests of what the caches keep, and of the version rows that such writes move.
 */
export function writingUntold<T>(write: () => Promise<T>): Promise<T> {
  return untold.run(true, write);
}

type WriteListener = (sources: readonly Source[]) => void;

const listenersByDatabase = new WeakMap<object, Set<WriteListener>>();

/** Calls `listener` with the sources of each commit made through `db` until the returned function is called. */
export function onWrites(db: object, listener: WriteListener): () => void {
  let listeners = listenersByDatabase.get(db);
  if (!listeners) listenersByDatabase.set(db, (listeners = new Set()));
  listeners.add(listener);
  const own = listeners;
  return () => void own.delete(listener);
}

/** The sources a compiled statement writes, or null for a read. */
function writesOf(query: CompiledQuery, result?: QueryResult<unknown>): Source[] | null {
  const node: unknown = query.query;
  if (!isRecord(node)) return null;
  // a write that changed no row (a delete of nothing, an update whose condition failed) has nothing to tell.
  const changedNothing = result?.numAffectedRows === 0n;
  switch (node.kind) {
    case 'SelectQueryNode':
      return null;
    case 'InsertQueryNode':
      return changedNothing ? null : insertSources(node, result);
    case 'UpdateQueryNode':
      return changedNothing ? null : filteredSources(tableName(node.table), node.where, node.updates);
    case 'DeleteQueryNode':
      if (changedNothing) return null;
      return filteredSources(isRecord(node.from) ? tableName(firstOf(node.from.froms)) : undefined, node.where);
    case 'MergeQueryNode':
      return sourcesOf(tableName(node.into));
    default:
      return rawWrites(query.sql);
  }
}

const statementWords = /^\s*(select|values|show|listen|pragma|begin|commit|rollback|savepoint|release|explain|set)\b/i;
const rawWrite = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;
const commonTable = /^\s*with\b/i;
const writeWords = /\b(?:insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into)\b/i;

/**
 * A statement written by hand: its table when it is a plain insert, update or delete; nothing for a read (a `with`
 * that writes nothing among them); everything for any other, which this cannot read.
 */
function rawWrites(text: string): Source[] | null {
  const table = rawWrite.exec(text)?.[1];
  if (table) return [table];
  if (statementWords.test(text) || (commonTable.test(text) && !writeWords.test(text))) return null;
  return [everySource];
}

const tablesNamed = /\b(?:from|join)\s+"?(\w+)"?/gi;
/** Distinct statements whose tables are remembered; the SQL of the app's queries is a few hundred strings at most. */
const readsKept = 1000;
const tablesBySql = new LRUCache<string, readonly Source[]>({ max: readsKept });

/**
 * The tables a read names, from its text: every statement is Kysely's (each table quoted after `from` or `join`) or
 * written by hand in the same shape, and a text is read once however often it runs.
 */
function tablesRead(query: CompiledQuery): readonly Source[] {
  let tables = tablesBySql.get(query.sql);
  if (!tables) {
    const found = new Set<Source>();
    for (const match of query.sql.matchAll(tablesNamed)) if (match[1]) found.add(match[1]);
    tables = [...found];
    tablesBySql.set(query.sql, tables);
  }
  return tables;
}

function firstOf(list: unknown): unknown {
  return Array.isArray(list) ? list[0] : undefined;
}

/** The table a `TableNode` (or an alias of one) names. */
function tableName(node: unknown): string | undefined {
  if (!isRecord(node)) return undefined;
  if (node.kind === 'AliasNode') return tableName(node.node);
  if (node.kind !== 'TableNode' || !isRecord(node.table) || !isRecord(node.table.identifier)) return undefined;
  const name = node.table.identifier.name;
  return typeof name === 'string' ? name : undefined;
}

function sourcesOf(table: string | undefined): Source[] {
  return [table ?? everySource];
}

const isKey = (value: unknown): value is string | number | bigint =>
  typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint';

function valueOf(node: unknown): unknown {
  if (!isRecord(node)) return undefined;
  return node.kind === 'ValueNode' ? node.value : undefined;
}

function columnName(node: unknown): string | undefined {
  if (!isRecord(node)) return undefined;
  if (node.kind === 'ReferenceNode') return columnName(node.column);
  if (node.kind !== 'ColumnNode' || !isRecord(node.column)) return undefined;
  const name = node.column.name;
  return typeof name === 'string' ? name : undefined;
}

/** An insert's rows by key (`notifications:42`; the new row's id for a table keyed by `id`), else its whole table. */
function insertSources(node: Record<string, unknown>, result: QueryResult<unknown> | undefined): Source[] {
  const table = tableName(node.into);
  const key = table ? keyed[table] : undefined;
  if (!table || !key || key.chosenBy || !isRecord(node.values) || !upsertKeepsKey(node, key.column))
    return sourcesOf(table);
  const column = key.column;
  const columns = Array.isArray(node.columns) ? node.columns.map(columnName) : [];
  const at = columns.indexOf(column);
  const rows = Array.isArray(node.values.values) ? node.values.values : [];
  const keys: unknown[] =
    at >= 0 ? rows.map((row) => rowValue(row, at)) : column === 'id' ? insertedIds(result) : [undefined];
  if (keys.length === 0 || !keys.every(isKey)) return [table];
  return [...new Set(keys.map((value) => `${table}:${String(value)}`))];
}

/**
 * Whether the rows an insert changes are keyed by the values it inserts: a plain insert, one that skips a conflict,
 * or an upsert whose conflict is over the key column (the row it updates holds the same key) and that leaves the key
 * as it is. Any other upsert may change a row keyed otherwise.
 */
function upsertKeepsKey(node: Record<string, unknown>, column: string): boolean {
  if (node.onDuplicateKey) return false;
  const conflict = node.onConflict;
  if (!isRecord(conflict) || conflict.doNothing === true) return true;
  const over = Array.isArray(conflict.columns) ? conflict.columns.map(columnName) : [];
  return over.includes(column) && !setsAny(conflict.updates, [column]);
}

/** Whether a list of `ColumnUpdateNode`s sets one of `columns`. */
function setsAny(updates: unknown, columns: readonly string[]): boolean {
  if (!Array.isArray(updates)) return false;
  return updates.some((update: unknown) => {
    const name = isRecord(update) ? columnName(update.column) : undefined;
    return name === undefined || columns.includes(name);
  });
}

function rowValue(row: unknown, at: number): unknown {
  if (!isRecord(row) || !Array.isArray(row.values)) return undefined;
  const value: unknown = row.values[at];
  return row.kind === 'PrimitiveValueListNode' ? value : valueOf(value);
}

/** The ids of the rows an insert made: SQLite's last id for one row, or the `id`s it returned. */
function insertedIds(result: QueryResult<unknown> | undefined): unknown[] {
  if (!result) return [undefined];
  const returned = result.rows.map((row) => (isRecord(row) ? row.id : undefined));
  if (returned.length > 0) return returned;
  return result.numAffectedRows === 1n && result.insertId !== undefined ? [result.insertId] : [undefined];
}

/**
 * An update's or delete's rows by key when its `where` names them (`column = key`, `column in (…)`), else its table;
 * an update that sets the key (or a column choosing shown rows, `keyed`) moves rows to keys it does not name.
 */
function filteredSources(table: string | undefined, where: unknown, updates?: unknown): Source[] {
  const key = table ? keyed[table] : undefined;
  if (!table || !key || !isRecord(where)) return sourcesOf(table);
  if (setsAny(updates, [key.column, ...(key.chosenBy ?? [])])) return [table];
  const keys = keysNamed(where.where, key.column);
  return keys ? keys.map((value) => `${table}:${String(value)}`) : [table];
}

/** The keys a condition limits its rows to, when one of the conditions it joins by `and` names them. */
function keysNamed(node: unknown, column: string): unknown[] | undefined {
  if (!isRecord(node)) return undefined;
  if (node.kind === 'ParensNode') return keysNamed(node.node, column);
  if (node.kind === 'AndNode') return keysNamed(node.left, column) ?? keysNamed(node.right, column);
  if (node.kind !== 'BinaryOperationNode' || columnName(node.leftOperand) !== column) return undefined;
  const operator = isRecord(node.operator) ? node.operator.operator : undefined;
  const right = node.rightOperand;
  let keys: unknown[] | undefined;
  if (operator === '=') keys = [valueOf(right)];
  else if (operator === 'in' && isRecord(right) && Array.isArray(right.values))
    keys = right.kind === 'PrimitiveValueListNode' ? right.values : right.values.map(valueOf);
  return keys && keys.length > 0 && keys.every(isKey) ? keys : undefined;
}

/** What a connection has written in the transaction under way. */
interface ConnectionState {
  inTransaction: boolean;
  pending: Set<Source>;
}

/**
 * `dialect` with every statement seen on its way (see the top of this file). `announce` gets the sources of each
 * commit (`announceTo`: the listeners of the Kysely instance made over it).
 */
export function tellingDialect(dialect: Dialect, announce: (sources: readonly Source[]) => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => tellingDriver(dialect.createDriver(), announce),
  };
}

/** Calls `listener`s of `db` (`onWrites`): what the dialect of a database opened here announces to. */
export function announceTo(db: () => object | undefined): (sources: readonly Source[]) => void {
  return (sources) => {
    const target = db();
    if (target) listenersByDatabase.get(target)?.forEach((listener) => listener(sources));
  };
}

function tellingDriver(driver: Driver, announce: (sources: readonly Source[]) => void): Driver {
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const states = new WeakMap<DatabaseConnection, ConnectionState>();
  const innerOf = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  const stateOf = (connection: DatabaseConnection): ConnectionState => {
    let state = states.get(connection);
    if (!state) states.set(connection, (state = { inTransaction: false, pending: new Set() }));
    return state;
  };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const state = stateOf(connection);
    const wrapped: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const collecting = currentReads();
        const telling = !untold.getStore();
        const result = await connection.executeQuery<R>(query);
        const written = writesOf(query, result);
        if (written && !telling) return result;
        if (!written) {
          if (collecting) for (const table of tablesRead(query)) collecting.add(table);
        } else if (state.inTransaction) for (const source of written) state.pending.add(source);
        else announce(written);
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    inner.set(wrapped, connection);
    states.set(wrapped, state);
    return wrapped;
  };
  const savepoints = driver.savepoint && driver.rollbackToSavepoint && driver.releaseSavepoint;
  return {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(innerOf(connection), settings);
      const state = stateOf(connection);
      state.inTransaction = true;
      state.pending = new Set();
    },
    async commitTransaction(connection: DatabaseConnection) {
      const state = stateOf(connection);
      try {
        await driver.commitTransaction(innerOf(connection));
      } finally {
        // a failed commit may still have committed (the answer was lost): told anyway, an extra forget.
        state.inTransaction = false;
        const written = [...state.pending];
        state.pending = new Set();
        if (written.length > 0) announce(written);
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      const state = stateOf(connection);
      state.inTransaction = false;
      state.pending = new Set();
      await driver.rollbackTransaction(innerOf(connection));
    },
    // a write rolled back to a savepoint stays among the transaction's sources: told at the commit, an extra forget.
    ...(savepoints
      ? {
          savepoint: async (connection, name, compile) =>
            void (await driver.savepoint?.(innerOf(connection), name, compile)),
          rollbackToSavepoint: async (connection, name, compile) =>
            void (await driver.rollbackToSavepoint?.(innerOf(connection), name, compile)),
          releaseSavepoint: async (connection, name, compile) =>
            void (await driver.releaseSavepoint?.(innerOf(connection), name, compile)),
        }
      : {}),
    releaseConnection: (connection) => driver.releaseConnection(innerOf(connection)),
    destroy: () => driver.destroy(),
  } satisfies Driver;
}
