/**
 * The SQLite connection as Kysely sees it: statements prepared once and reused, transactions that
 * take the write lock when they begin, and the change clock moved on after each committed write;
 * and the statements of text-values reads (src/db/text-values.ts).
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as SqliteDatabaseLike } from 'kysely';
import { STATEMENT_CACHE_SIZE } from './sqlite-settings.js';
import { misusedTextValues } from './text-values.js';
import { type ChangeClock, isWritingSql } from './change-clock.js';

/**
 * Transactions here are for writing, so they take the write lock when they begin: a deferred
 * transaction that reads first and then writes fails at once with SQLITE_BUSY(_SNAPSHOT) when
 * another process (a `--workers` sibling, the CLI) wrote in between, instead of waiting its turn.
 */
const BEGIN_WRITING = 'begin immediate';

/**
 * Kysely prepares every query anew; SQLite's prepare costs more than running a small query, and
 * the API asks the same few shapes of query all the time. Statements are reused by SQL text
 * (Kysely runs one query at a time on this connection, so a statement is never used twice at once).
 * Statements that write move the change clock on once their change is committed: at once
 * outside a transaction, at the commit inside one (readers cannot run in between: Kysely holds
 * the connection for the whole transaction); then `committed` is called.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  changes: ChangeClock,
  committed?: () => void,
): SqliteDatabaseLike {
  type Statement = ReturnType<SqliteDatabaseLike['prepare']>;
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql === 'begin' ? BEGIN_WRITING : sql);
        const reading = prepared.readonly && !isWritingSql(sql);
        if (reading) statement = prepared;
        else statement = advancingAfterRun(sqlite, prepared, changes, committed);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The statement of a text-values read (src/db/text-values.ts): its values as one JSON text. */
export interface ValuesStatement {
  /** The SQL that gives that text, for another connection (src/db/sqlite-reader-thread.ts). */
  readonly valuesSql: string;
  valuesText(parameters: ReadonlyArray<unknown>): string;
}

/**
 * The statements of text-values reads, prepared once each: a read's one column's values, written
 * by SQLite as one JSON array and parsed at once. better-sqlite3 builds each row with a call into
 * V8 per value, which costs more than SQLite takes to find the row; the subquery keeps its ORDER BY
 * and LIMIT, and SQLite feeds the aggregate its rows in that order.
 */
export function valuesStatements(sqlite: SqliteDatabase.Database): (sql: string) => ValuesStatement {
  const kept = new Map<string, ValuesStatement>();
  return (sql) => {
    let values = kept.get(sql);
    if (values === undefined) {
      const statement = sqlite.prepare(sql);
      const [column, ...more] = statement.reader ? statement.columns().map((c) => c.name) : [];
      if (
        !statement.readonly ||
        isWritingSql(sql) ||
        column === undefined ||
        more.length > 0 ||
        column.includes('"')
      ) {
        throw misusedTextValues();
      }
      const valuesSql = `select json_group_array("${column}") from (${sql})`;
      const json = sqlite.prepare(valuesSql).pluck();
      values = { valuesSql, valuesText: (parameters) => json.get(parameters) as string };
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      kept.set(sql, values);
    }
    return values;
  };
}

function advancingAfterRun(
  sqlite: SqliteDatabase.Database,
  statement: SqliteDatabase.Statement,
  changes: ChangeClock,
  committed: (() => void) | undefined,
) {
  const advanceOnceCommitted = () => {
    if (sqlite.inTransaction) return;
    changes.advance();
    committed?.();
  };
  return {
    reader: statement.reader,
    all(parameters: ReadonlyArray<unknown>) {
      try {
        return statement.all(parameters);
      } finally {
        advanceOnceCommitted();
      }
    },
    run(parameters: ReadonlyArray<unknown>) {
      try {
        return statement.run(parameters);
      } finally {
        advanceOnceCommitted();
      }
    },
    iterate(parameters: ReadonlyArray<unknown>) {
      return statement.iterate(parameters);
    },
  };
}
