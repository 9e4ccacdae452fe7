/**
 * A record's version tag: what its ETag is (RFC 9110 §8.8.3) and what a write's If-Match (or a
 * form's hidden version) must name. It is made of the record's type, id and updated_at, which
 * every change moves on (records.ts), and of what it shows of other rows (a booking's room
 * names, which a space's rename changes), so no HTTP resource is built to compute it.
 */
import { etagOf } from './data/etag.js';
import type { Reads, Versioned } from './data/reads.js';
import { findRow } from './data/record-lookup.js';
import {
  type OrganizationTable,
  type ReadContext,
  readContextOf,
  type RecordKind,
  type RowOf,
} from './data/rows.js';

export function versionTag(type: string, row: { id: string; updated_at: string }, derived?: string): string {
  return etagOf([{ type, id: row.id, updatedAt: row.updated_at }], undefined, derived);
}

/** The version tag of a row of `definition`, with its read context when the type has one. */
export function recordTag<Table extends OrganizationTable>(
  definition: RecordKind<Table>,
  row: RowOf<Table>,
  context: ReadContext | undefined,
): string {
  const derived =
    context && definition.derived ? JSON.stringify(definition.derived.values(row, context)) : undefined;
  return versionTag(definition.type, row, derived);
}

/** The organization's record of `kind` as its value with its version, or undefined (another organization's too). */
export async function findVersioned<Table extends OrganizationTable, Value>(
  reads: Reads,
  kind: RecordKind<Table>,
  decode: (row: RowOf<Table>) => Value,
  organizationId: string,
  id: string,
): Promise<Versioned<Value> | undefined> {
  const row = await findRow(reads.db, kind, organizationId, id);
  if (!row) return undefined;
  const context = await readContextOf(reads.db, kind, organizationId);
  return { value: decode(row), version: recordTag(kind, row, context) };
}
