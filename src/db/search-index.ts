/**
 * The first search index of `filter[search]` (SPEC §7), as migration 2026-11-23T00 built it and
 * its `down` rebuilds it; 2026-11-24T00 replaced it with one kept per organization
 * (search-keys.ts), because this one is a single index over every organization's rows.
 * - SQLite: an FTS5 table per searchable table with the trigram tokenizer, kept in step by
 *   triggers; a phrase query finds every row whose text contains the term.
 * - PostgreSQL: a GIN index with pg_trgm over the same text (lower-cased), used by LIKE. Where
 *   the extension cannot be created (no privilege), searches still work, by scanning.
 * Trigram indexes cannot serve terms shorter than three characters: those are matched by scanning
 * the organization's rows.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from './column-types.js';

export type SearchableTable = 'bookings' | 'accounts' | 'contacts';

/** The searched text of a row, as SQL over its columns (`alias.` for trigger rows). */
const TEXT: Record<SearchableTable, (alias: string, newline: string) => string> = {
  bookings: (a, nl) => `${a}name || ${nl} || ${a}reference`,
  accounts: (a, nl) => `${a}name || ${nl} || coalesce(${a}email, '')`,
  contacts: (a, nl) => `${a}first_name || ' ' || ${a}last_name || ${nl} || coalesce(${a}email, '')`,
};
const TABLES = Object.keys(TEXT) as SearchableTable[];
const SQLITE_NEWLINE = 'char(10)';
const POSTGRES_NEWLINE = 'chr(10)';

/** An FTS5 phrase: the term as one quoted string (trigram phrases match substrings). */
const phrase = (text: string) => `'"' || replace(${text}, '"', '""') || '"'`;

async function createSqliteIndexes(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    const index = `${table}_search`;
    const text = (alias: string) => TEXT[table](alias, SQLITE_NEWLINE);
    await sql
      .raw(`create virtual table ${index} using fts5(id unindexed, text, tokenize = 'trigram')`)
      .execute(db);
    await sql.raw(`insert into ${index} (id, text) select id, ${text('')} from ${table}`).execute(db);
    // A row's entry is found through its old text (indexed), then its id; text under three
    // characters cannot be found that way, and is looked up by id.
    const remove = `delete from ${index} where rowid in (select rowid from ${index}
        where text match ${phrase(text('old.'))} and id = old.id);
      delete from ${index} where length(${text('old.')}) < 3 and id = old.id;`;
    const add = `insert into ${index} (id, text) values (new.id, ${text('new.')});`;
    const columns =
      table === 'contacts'
        ? 'first_name, last_name, email'
        : table === 'bookings'
          ? 'name, reference'
          : 'name, email';
    await sql.raw(`create trigger ${index}_insert after insert on ${table} begin ${add} end`).execute(db);
    await sql.raw(`create trigger ${index}_delete after delete on ${table} begin ${remove} end`).execute(db);
    await sql
      .raw(`create trigger ${index}_update after update of ${columns} on ${table} begin ${remove} ${add} end`)
      .execute(db);
  }
}

async function pgTrgmUsable(db: Kysely<unknown>): Promise<boolean> {
  // Installed in a schema off the search path (another application's), its operator class
  // cannot be named here: the index is then left out (searches scan, and a later migration
  // replaces this index anyway).
  const { rows } = await sql<{ installed: boolean; visible: boolean; creatable: boolean }>`select
      exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
      exists (select 1 from pg_opclass where opcname = 'gin_trgm_ops' and pg_opclass_is_visible(oid)) as visible,
      exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE') as creatable`.execute(db);
  const state = rows[0];
  if (state?.installed) return state.visible;
  if (!state?.creatable) return false;
  await sql`create extension if not exists pg_trgm`.execute(db);
  return true;
}

export async function createSearchIndexes(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return createSqliteIndexes(db);
  if (!(await pgTrgmUsable(db))) return;
  for (const table of TABLES) {
    await sql
      .raw(
        `create index ${table}_search_idx on ${table} using gin ((lower(${TEXT[table]('', POSTGRES_NEWLINE)})) gin_trgm_ops)`,
      )
      .execute(db);
  }
}

export async function dropSearchIndexes(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    if (isSqlite(db)) await sql.raw(`drop table ${table}_search`).execute(db);
    else await sql.raw(`drop index if exists ${table}_search_idx`).execute(db);
  }
}
