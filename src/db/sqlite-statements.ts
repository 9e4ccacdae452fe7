/**
 * The SQLite connection as Kysely sees it: statements prepared once and reused, transactions that
 * take the write lock when they begin, text values for marked reads (src/db/text-values.ts), and the
 * change clock moved on after each committed write.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as SqliteDatabaseLike } from 'kysely';
import { STATEMENT_CACHE_SIZE } from './sqlite-settings.js';
import { misusedTextValues, wantsTextValues } from './text-values.js';
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
 * the connection for the whole transaction).
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  changes: ChangeClock,
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
        if (wantsTextValues(sql)) statement = textValuesStatement(sqlite, sql, prepared, reading);
        else if (reading) statement = prepared;
        else statement = advancingAfterRun(sqlite, prepared, changes);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** A statement prepared from marked SQL (src/db/text-values.ts): its values as one JSON text. */
export interface ValuesStatement {
  /** The SQL that gives that text, for another connection (src/db/sqlite-reader-thread.ts). */
  readonly valuesSql: string;
  valuesText(parameters: ReadonlyArray<unknown>): string;
}

/** `statement` as a ValuesStatement, when the cache prepared it from marked SQL. */
export function valuesStatementOf(statement: object): ValuesStatement | undefined {
  return 'valuesSql' in statement ? (statement as ValuesStatement) : undefined;
}

/**
 * A read marked for text values (src/db/text-values.ts): its one column's values, written by SQLite
 * as one JSON array and parsed at once. better-sqlite3 builds each row with a call into V8 per
 * value, which costs more than SQLite takes to find the row; the subquery keeps its ORDER BY and
 * LIMIT, and SQLite feeds the aggregate its rows in that order.
 */
function textValuesStatement(
  sqlite: SqliteDatabase.Database,
  sql: string,
  statement: SqliteDatabase.Statement,
  reading: boolean,
) {
  const [column, ...more] = statement.reader ? statement.columns().map((c) => c.name) : [];
  if (!reading || column === undefined || more.length > 0 || column.includes('"')) {
    throw misusedTextValues();
  }
  const valuesSql = `select json_group_array("${column}") from (${sql})`;
  const json = sqlite.prepare(valuesSql).pluck();
  const valuesText = (parameters: ReadonlyArray<unknown>) => json.get(parameters) as string;
  return {
    reader: true,
    valuesSql,
    valuesText,
    all: (parameters: ReadonlyArray<unknown>) => JSON.parse(valuesText(parameters)) as unknown[],
    run: (parameters: ReadonlyArray<unknown>) => statement.run(parameters),
    iterate: (parameters: ReadonlyArray<unknown>) => statement.pluck(true).iterate(parameters),
  };
}

function advancingAfterRun(
  sqlite: SqliteDatabase.Database,
  statement: SqliteDatabase.Statement,
  changes: ChangeClock,
) {
  const advanceOnceCommitted = () => {
    if (!sqlite.inTransaction) changes.advance();
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
