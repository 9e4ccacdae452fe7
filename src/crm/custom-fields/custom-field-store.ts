/**
 * Reading and writing custom fields' definitions and the values records hold of them, for every
 * record type alike (bookings, events, accounts and contacts keep them in `custom_fields`).
 */
import { sql } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db, Trx } from '../../db/database.js';
import type { StoredValue } from './custom-field-values.js';
import { heldValueOf, storedValuesOf } from './custom-field.codec.js';
import { indexSql, INDEXED_TYPES, valueSql } from '../data/custom-value-sql.js';
import type { CustomFieldRow, CustomRecordType } from './custom-field.table.js';

/** The organization's definitions of a record type (all, archived too), in their order. */
export function definitionsOf(
  db: Db | Trx,
  organizationId: string,
  recordType: CustomRecordType,
): Promise<CustomFieldRow[]> {
  return db
    .selectFrom('custom_fields')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('record_type', '=', recordType)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A record holding a value of a field. */
export interface Holder {
  id: string;
  updated_at: string;
  values: Record<string, StoredValue>;
}

/**
 * Records read, and rewritten, at a time by a long unit of work (a change of type over 100,000
 * values): better-sqlite3 runs each statement on the event loop, so one statement over every
 * record held the loop for its whole time. Between batches the loop turns (`nextTurn`). A batch of
 * rewrites is sized by how long the last one held the loop, aiming at SLICE_MS, between
 * REWRITE_BATCH_LEAST and REWRITE_BATCH records: SQLite's upkeep of each indexed field's
 * expression index costs several microseconds a record (about 80 µs a record with 10 of them), so
 * a fixed size would be too long on one machine or too short on another.
 */
export const HOLDERS_BATCH = 1000;
export const REWRITE_BATCH = 1000;
export const REWRITE_BATCH_LEAST = 25;
export const SLICE_MS = 20;

/** Lets the event loop take its timers and sockets before a long unit of work goes on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const byId = (a: Holder, b: Holder) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The records of the organization holding a value of the field, in id order: read `batch` at a
 * time along the organization's (created_at, id) index, which every record type has (a range of
 * ids alone would walk every organization's records), the loop turning between batches.
 */
export async function holdersOf(
  db: Db | Trx,
  field: CustomFieldRow,
  batch = HOLDERS_BATCH,
): Promise<Holder[]> {
  // Every record type keeps its values alike; the table is named by the definition's record type.
  const table = field.record_type as 'bookings';
  const holders: Holder[] = [];
  let last: { created_at: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select(['id', 'created_at', 'updated_at', 'custom_fields'])
      .where('organization_id', '=', field.organization_id)
      .where(sql<boolean>`${sql.raw(valueSql(isSqlite(db), field.key))} is not null`);
    if (last) query = query.where(sql<boolean>`("created_at", "id") > (${last.created_at}, ${last.id})`);
    const rows = await query.orderBy('created_at').orderBy('id').limit(batch).execute();
    for (const row of rows) {
      holders.push({
        id: row.id,
        updated_at: row.updated_at,
        values: storedValuesOf(row.custom_fields),
      });
    }
    const end = rows[rows.length - 1];
    if (rows.length < batch || !end) break;
    last = { created_at: end.created_at, id: end.id };
    await nextTurn();
  }
  // Ids grow with their record's creation: this sort finds them nearly in order already.
  return holders.sort(byId);
}

/** A value of a field a record holds, and the record. */
export interface HeldValue {
  id: string;
  value: StoredValue;
}

/**
 * The values of the field the organization's records hold, in their records' id order: as
 * holdersOf reads them, but only the field's value of each (a change of type over 100,000 records
 * keeps 100,000 of these until it commits, where whole values kept ten times the memory, and the
 * collections of that heap held the loop).
 */
export async function heldValuesOf(
  db: Db | Trx,
  field: CustomFieldRow,
  batch = HOLDERS_BATCH,
): Promise<HeldValue[]> {
  const table = field.record_type as 'bookings';
  const sqlite = isSqlite(db);
  // The value as JSON text on both databases (json_extract would give a flag as 1 or 0).
  const name = valueSql(sqlite, field.key);
  const json = sqlite ? `"custom_fields" -> '$.${field.key}'` : `(${name})::text`;
  const held: HeldValue[] = [];
  let last: { created_at: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select(['id', 'created_at', sql<string>`${sql.raw(json)}`.as('held')])
      .where('organization_id', '=', field.organization_id)
      .where(sql<boolean>`${sql.raw(name)} is not null`);
    if (last) query = query.where(sql<boolean>`("created_at", "id") > (${last.created_at}, ${last.id})`);
    const rows = await query.orderBy('created_at').orderBy('id').limit(batch).execute();
    for (const row of rows) held.push({ id: row.id, value: heldValueOf(row) });
    const end = rows[rows.length - 1];
    if (rows.length < batch || !end) break;
    last = { created_at: end.created_at, id: end.id };
    await nextTurn();
  }
  return held.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A record's values to write and its new version (its ETag moves on). */
export interface RewrittenRow {
  id: string;
  custom_fields: string;
  updated_at: string;
}

/**
 * Writes records' values and versions in one statement whatever their number, of one text (prepared
 * once on SQLite): the rows given as one JSON array on SQLite, as arrays on PostgreSQL.
 */
export async function writeValuesInBulk(
  trx: Trx,
  recordType: CustomRecordType,
  rows: readonly RewrittenRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const table = sql.table(recordType);
  if (isSqlite(trx)) {
    const given = JSON.stringify(rows.map((row) => [row.id, row.custom_fields, row.updated_at]));
    await sql`update ${table} set custom_fields = v.value ->> '$[1]', updated_at = v.value ->> '$[2]'
      from json_each(${given}) as v where ${table}.id = v.value ->> '$[0]'`.execute(trx);
    return;
  }
  const [ids, values, versions] = [
    rows.map((r) => r.id),
    rows.map((r) => r.custom_fields),
    rows.map((r) => r.updated_at),
  ];
  await sql`update ${table} set custom_fields = v.custom_fields, updated_at = v.updated_at::timestamptz
    from unnest(${ids}::text[], ${values}::text[], ${versions}::text[]) as v(id, custom_fields, updated_at)
    where ${table}.id = v.id`.execute(trx);
}

/** Records of `ids`, whole: one statement of one text whatever their number, as writeValuesInBulk. */
export function rowsOfIds(trx: Trx, recordType: CustomRecordType, ids: readonly string[]) {
  const given = isSqlite(trx)
    ? sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<boolean>`id = any(${ids}::text[])`;
  return trx
    .selectFrom(recordType as 'bookings')
    .selectAll()
    .where(given)
    .execute();
}

const indexName = (field: Pick<CustomFieldRow, 'id'>) => `custom_field_${field.id}_idx`;

/** The index of a select, number, money or date field's values (none for other types). */
export async function keepIndex(trx: Trx, field: CustomFieldRow, before?: CustomFieldRow): Promise<void> {
  if (before && before.field_type === field.field_type) return;
  if (before) await sql.raw(`drop index if exists "${indexName(before)}"`).execute(trx);
  if (!INDEXED_TYPES.has(field.field_type)) return;
  const text = indexSql(isSqlite(trx), indexName(field), field.record_type, field.key);
  await sql.raw(text).execute(trx);
}

export async function dropIndex(trx: Trx, field: CustomFieldRow): Promise<void> {
  await sql.raw(`drop index if exists "${indexName(field)}"`).execute(trx);
}
