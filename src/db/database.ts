/**
 * The schema as the query layer sees it. Row types are identical on SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC strings, lists are JSON text, flags are nullable timestamps.
 * Each feature declares its tables beside its repository and joins them into `Database` from
 * there (`declare module` in its `*.table.ts`), so this layer, beneath every feature, names none.
 */
import type { Kysely, Transaction } from 'kysely';

/** Every table, by name: each feature's `*.table.ts` adds its own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' table files
export interface Database {}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';
