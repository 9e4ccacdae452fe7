/**
 * The search index of `filter[search]`, kept per organization (the first one, search-index.ts,
 * was one index over every organization's rows: a term made of trigrams that all rows share,
 * such as "of client 4711" or "BK-0004711", walked a million entries before the organization's
 * few were picked out). Here an organization's entries can be read without touching another's:
 * - SQLite: an FTS5 trigram table per searchable table whose rowid is a search key: the
 *   organization's number (organization_search_numbers) in the high 32 bits, a counter of its rows
 *   in the low ones. `rowid between` confines a query to one organization (FTS5 seeks to the
 *   range in every doclist). `<table>_search_keys` maps a key to its row's id and back; triggers
 *   keep both in step with the rows (the table's own rowids are not used: VACUUM may renumber them).
 * - PostgreSQL: a GIN index over `marquee_search_keys(organization_id, text)`: hashes of the
 *   organization's id with each 3- and 4-character piece of the lower-cased text, so the posting
 *   list of a piece holds one organization's rows only. It needs no extension (pg_trgm is not used).
 * How searches use it: search-match.ts and search-page.ts.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from './column-types.js';
import type { SearchableTable } from './search-index.js';

export const SEARCHABLE_TABLES: readonly SearchableTable[] = ['bookings', 'accounts', 'contacts'];

/**
 * What a row is found by. Version 1 (2026-11-24): names, reference, e-mail. Version 2
 * (2026-11-27): accounts and contacts also by their phone number, as written and as its digits
 * alone (`+44 20 7946 0000` is found by `7946 0000` and by `2079460000`).
 */
export type SearchTextVersion = 1 | 2;
export const SEARCH_TEXT_VERSION: SearchTextVersion = 2;

/** The digits of a phone number column, as SQL (the marks people write between them taken out). */
function digitsOf(column: string): string {
  let text = `coalesce(${column}, '')`;
  for (const mark of [' ', '-', '(', ')', '.', '+', '/']) text = `replace(${text}, '${mark}', '')`;
  return text;
}

/** The searched text of a row, as SQL over its columns (`alias` names the row: `new`, `b`…). */
export function searchedText(
  table: SearchableTable,
  sqlite: boolean,
  alias?: string,
  version: SearchTextVersion = SEARCH_TEXT_VERSION,
): string {
  const a = alias ? `${alias}.` : '';
  const newline = sqlite ? 'char(10)' : 'chr(10)';
  const phone =
    version >= 2 ? ` || ${newline} || coalesce(${a}phone, '') || ${newline} || ${digitsOf(`${a}phone`)}` : '';
  switch (table) {
    case 'bookings':
      return `${a}name || ${newline} || ${a}reference`;
    case 'accounts':
      return `${a}name || ${newline} || coalesce(${a}email, '')${phone}`;
    case 'contacts':
      return `${a}first_name || ' ' || ${a}last_name || ${newline} || coalesce(${a}email, '')${phone}`;
  }
}

function searchedColumns(table: SearchableTable, version: SearchTextVersion): string {
  const phone = version >= 2 ? ', phone' : '';
  switch (table) {
    case 'bookings':
      return 'name, reference';
    case 'accounts':
      return `name, email${phone}`;
    case 'contacts':
      return `first_name, last_name, email${phone}`;
  }
}

/** Search keys of an organization lie in [number << 32, (number + 1) << 32). */
export const KEY_BITS = 32;

/** The SQLite key of the row `alias` (its `id`), looked up in the table's key map. */
const keyOf = (table: SearchableTable, alias: string) =>
  `(select key from ${table}_search_keys where id = ${alias}.id)`;

async function createSqlite(db: Kysely<unknown>, version: SearchTextVersion): Promise<void> {
  await sql`create table organization_search_numbers (
    organization_id text primary key, number integer not null unique)`.execute(db);
  await sql`insert into organization_search_numbers (organization_id, number)
    select id, row_number() over (order by created_at, id) from organizations`.execute(db);
  for (const table of SEARCHABLE_TABLES) await createSqliteTable(db, table, version);
}

/** One table's index, its key map and the triggers keeping them in step (organization numbers exist). */
async function createSqliteTable(db: Kysely<unknown>, table: SearchableTable, version: SearchTextVersion) {
  const text = (alias: string) => searchedText(table, true, alias, version);
  const keys = `${table}_search_keys`;
  const index = `${table}_search`;
  await sql.raw(`create table ${keys} (key integer primary key, id text not null unique)`).execute(db);
  await sql.raw(`create virtual table ${index} using fts5(text, tokenize = 'trigram')`).execute(db);
  // Existing rows: keys in order of creation within each organization.
  await sql
    .raw(
      `insert into ${keys} (key, id)
      select (n.number << ${KEY_BITS}) + row_number() over (partition by r.organization_id order by r.created_at, r.id), r.id
      from ${table} r join organization_search_numbers n on n.organization_id = r.organization_id`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into ${index} (rowid, text)
      select k.key, ${text('r')} from ${table} r join ${keys} k on k.id = r.id order by k.key`,
    )
    .execute(db);
  // One segment for the rows there are (the insert above leaves many small ones, each of which
  // every query would seek in); new rows add small segments that FTS5 merges as it goes.
  await sql.raw(`insert into ${index} (${index}) values ('optimize')`).execute(db);
  // A new row: its organization's number (the first row of an organization gives it one), the
  // next key in that organization's range, then the entry.
  const add = `insert or ignore into organization_search_numbers (organization_id, number)
      select new.organization_id, coalesce(max(number), 0) + 1 from organization_search_numbers;
    insert into ${keys} (key, id)
      select coalesce((select max(key) from ${keys}
          where key between n.number << ${KEY_BITS} and ((n.number + 1) << ${KEY_BITS}) - 1),
        n.number << ${KEY_BITS}) + 1, new.id
      from organization_search_numbers n where n.organization_id = new.organization_id;
    insert into ${index} (rowid, text) values (${keyOf(table, 'new')}, ${text('new')});`;
  const remove = `delete from ${index} where rowid = ${keyOf(table, 'old')};`;
  const replace = `${remove} insert into ${index} (rowid, text) values (${keyOf(table, 'new')}, ${text('new')});`;
  await sql.raw(`create trigger ${index}_insert after insert on ${table} begin ${add} end`).execute(db);
  await sql
    .raw(
      `create trigger ${index}_delete after delete on ${table} begin ${remove}
        delete from ${keys} where id = old.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${index}_update after update of ${searchedColumns(table, version)} on ${table} begin ${replace} end`,
    )
    .execute(db);
}

async function dropSqlite(db: Kysely<unknown>): Promise<void> {
  for (const table of SEARCHABLE_TABLES) await dropSqliteTable(db, table);
  await sql`drop table organization_search_numbers`.execute(db);
}

async function dropSqliteTable(db: Kysely<unknown>, table: SearchableTable): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql.raw(`drop trigger ${table}_search_${trigger}`).execute(db);
  }
  await sql.raw(`drop table ${table}_search`).execute(db);
  await sql.raw(`drop table ${table}_search_keys`).execute(db);
}

/**
 * The keys of a text: one per 3- and 4-character piece of its lower-cased form, hashed with the
 * organization's id (ids have a fixed length, so the concatenation is unambiguous; GIN drops
 * repeated keys). PL/pgSQL computes them in half the time a set-returning SQL function takes.
 * A hash collision only adds a candidate, which the substring test then refuses. Its cost is
 * declared high, so that plans read it from the index rather than compute it row by row.
 */
const POSTGRES_FUNCTIONS = `
  create function marquee_search_keys(organization_id text, body text) returns bigint[]
  language plpgsql immutable strict parallel safe cost 1000 as $$
  declare
    l text := lower(body);
    n int := length(l);
    keys bigint[] := '{}';
  begin
    for i in 1 .. n - 2 loop
      keys := keys || hashtextextended(organization_id || substr(l, i, 3), 0);
      if i <= n - 3 then
        keys := keys || hashtextextended(organization_id || substr(l, i, 4), 0);
      end if;
    end loop;
    return keys;
  end $$;
  create function marquee_search_query(organization_id text, pieces text[]) returns bigint[]
  language sql immutable strict parallel safe as $$
    select coalesce(array_agg(hashtextextended(organization_id || p, 0)), '{}') from unnest(pieces) as p
  $$;`;

export function postgresKeysExpression(
  table: SearchableTable,
  version: SearchTextVersion = SEARCH_TEXT_VERSION,
): string {
  return `marquee_search_keys(organization_id, ${searchedText(table, false, undefined, version)})`;
}

async function createPostgresIndex(db: Kysely<unknown>, table: SearchableTable, version: SearchTextVersion) {
  await sql
    .raw(
      `create index ${table}_search_keys_idx on ${table} using gin ((${postgresKeysExpression(table, version)}))`,
    )
    .execute(db);
}

async function createPostgres(db: Kysely<unknown>, version: SearchTextVersion): Promise<void> {
  await sql.raw(POSTGRES_FUNCTIONS).execute(db);
  for (const table of SEARCHABLE_TABLES) await createPostgresIndex(db, table, version);
}

async function dropPostgres(db: Kysely<unknown>): Promise<void> {
  for (const table of SEARCHABLE_TABLES) await sql.raw(`drop index ${table}_search_keys_idx`).execute(db);
  await sql`drop function marquee_search_keys(text, text)`.execute(db);
  await sql`drop function marquee_search_query(text, text[])`.execute(db);
}

/** The search index, its rows' text as of `version` (each migration names the one it builds). */
export async function createSearchKeys(db: Kysely<unknown>, version: SearchTextVersion): Promise<void> {
  return isSqlite(db) ? createSqlite(db, version) : createPostgres(db, version);
}

export async function dropSearchKeys(db: Kysely<unknown>): Promise<void> {
  return isSqlite(db) ? dropSqlite(db) : dropPostgres(db);
}

/** Builds one table's part of the index again with its rows' text as of `version`. */
export async function rebuildSearchKeys(
  db: Kysely<unknown>,
  table: SearchableTable,
  version: SearchTextVersion,
): Promise<void> {
  if (isSqlite(db)) {
    await dropSqliteTable(db, table);
    await createSqliteTable(db, table, version);
  } else {
    await sql.raw(`drop index ${table}_search_keys_idx`).execute(db);
    await createPostgresIndex(db, table, version);
  }
}
