/** The statements a body runs on a transaction's connection (one connection, whichever the database). */
import type { CompiledQuery, DatabaseConnection } from 'kysely';
import type { Trx } from '../../src/db/database.js';

/** Runs `body` with every statement of `trx` kept; the SQL of each, in order. */
export async function statementsOf(trx: Trx, body: () => Promise<void>): Promise<string[]> {
  const statements: string[] = [];
  let restore = () => {};
  await trx.getExecutor().provideConnection(async (connection: DatabaseConnection) => {
    const own = Object.getOwnPropertyDescriptor(connection, 'executeQuery');
    const run = connection.executeQuery.bind(connection);
    connection.executeQuery = ((query: CompiledQuery) => {
      statements.push(query.sql);
      return run(query);
    }) as DatabaseConnection['executeQuery'];
    restore = () => {
      if (own) Object.defineProperty(connection, 'executeQuery', own);
      else delete (connection as Partial<DatabaseConnection>).executeQuery;
    };
  });
  try {
    await body();
  } finally {
    restore();
  }
  return statements;
}
