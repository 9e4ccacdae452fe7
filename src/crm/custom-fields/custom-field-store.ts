/**
 * Reading and writing custom fields' definitions and the values records hold of them, for every
 * record type alike (bookings, events, accounts and contacts keep them in `custom_fields`).
 */
import { sql } from 'kysely';
import { isSqlite } from '../../db/column-types.js';
import type { Db, Trx } from '../../db/database.js';
import { nextVersion } from '../records.js';
import type { StoredValue } from './custom-field-values.js';
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

/** The records of the organization holding a value of the field, in id order. */
export async function holdersOf(db: Db | Trx, field: CustomFieldRow): Promise<Holder[]> {
  // Every record type keeps its values alike; the table is named by the definition's record type.
  const table = field.record_type as 'bookings';
  const rows = await db
    .selectFrom(table)
    .select(['id', 'updated_at', 'custom_fields'])
    .where('organization_id', '=', field.organization_id)
    .where(sql<boolean>`${sql.raw(valueSql(isSqlite(db), field.key))} is not null`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    updated_at: row.updated_at,
    values: JSON.parse(row.custom_fields) as Record<string, StoredValue>,
  }));
}

/** Writes a record's values, versioning it (its ETag moves on). */
export async function writeValues(
  trx: Trx,
  recordType: CustomRecordType,
  holder: Holder,
  values: Record<string, StoredValue>,
  now: number,
): Promise<void> {
  await trx
    .updateTable(recordType as 'bookings')
    .set({ custom_fields: JSON.stringify(values), updated_at: nextVersion(holder.updated_at, now) })
    .where('id', '=', holder.id)
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
