/**
 * Changing an organization's records, the same way for every kind: a record is found only within
 * its organization (404 otherwise, the same as for an id that does not exist), an If-Match must
 * name its current version (412), and updates and deletes are conditional on the version read,
 * so a change that raced another one is refused instead of overwriting it.
 */
import { type Insertable, sql } from 'kysely';
import { matches } from './data/etag.js';
import { type OrganizationTable, readContextOf, type RecordKind, type RowOf } from './data/rows.js';
import { findRow } from './data/record-lookup.js';
import { isoTime } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import { idsInOrganizationCondition } from '../db/id-lookups.js';
import { newId } from '../db/ids.js';
import type { Database } from '../db/database.js';
import { precompiledQuery } from '../db/precompiled.js';
import { NotFoundError, PreconditionFailedError } from '../errors.js';
import { recordUpdated } from './change-events.js';
import { forgetMade, noteMade, wasMade } from './made-in-transaction.js';
import { recordTag } from './version-tag.js';
import { countOf } from '../db/aggregates.js';
import { Refusal } from '../writes/refusal.js';

const CHANGED_MEANWHILE = 'It changed while this request was made; read it again and retry.';

/** A new updated_at for a row last changed at `previous`: it versions the row (ETag), so it always moves on. */
export function nextVersion(previous: string, now: number): string {
  const candidate = isoTime(now);
  return candidate > previous ? candidate : isoTime(Date.parse(previous) + 1);
}

/** The version tag of a row as it is now, with what it shows of other rows. */
async function currentTag<Table extends OrganizationTable>(
  trx: Db | Trx,
  definition: RecordKind<Table>,
  row: RowOf<Table>,
): Promise<string> {
  return recordTag(definition, row, await readContextOf(trx, definition, row.organization_id));
}

/**
 * The record to change, or the refusal to change it: 404 unless it is the organization's, 412
 * unless If-Match names this version.
 */
export async function recordToChange<Table extends OrganizationTable>(
  trx: Db | Trx,
  definition: RecordKind<Table>,
  organizationId: string,
  id: string,
  ifMatch: string | undefined,
): Promise<RowOf<Table> | Refusal> {
  const row = await findRow(trx, definition, organizationId, id);
  if (!row) return Refusal.from(new NotFoundError(`No ${definition.type} resource has the id "${id}".`));
  if (ifMatch !== undefined && !matches(ifMatch, await currentTag(trx, definition, row))) {
    return Refusal.from(
      new PreconditionFailedError(
        `The ${definition.type} resource has changed since you read it (If-Match does not match its ETag).`,
      ),
    );
  }
  return row;
}

/** Writes `changes` if the row is still the version read; returns the row as it now is. */
export async function updateRecord<Table extends OrganizationTable>(
  trx: Trx,
  table: Table,
  current: RowOf<Table>,
  changes: Partial<RowOf<Table>>,
  now: number,
): Promise<RowOf<Table>> {
  const updatedAt = nextVersion(current.updated_at, now);
  const assignments = Object.entries(changes)
    .filter(([column]) => column !== 'updated_at' && column !== 'id' && column !== 'organization_id')
    .map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const result = await sql`update ${sql.table(table)}
    set ${sql.join([...assignments, sql`updated_at = ${updatedAt}`])}
    where id = ${current.id} and updated_at = ${current.updated_at}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== 1) throw new PreconditionFailedError(CHANGED_MEANWHILE);
  return { ...current, ...changes, updated_at: updatedAt };
}

/**
 * Changes each of `rows` (each to a new version, if still the version read), telling of each
 * change: what a deletion or a rename does to the records that refer to the one changed.
 */
export async function changeEach<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  rows: ReadonlyArray<RowOf<Table>>,
  changes: (row: RowOf<Table>) => Promise<Partial<RowOf<Table>>> | Partial<RowOf<Table>>,
  now: number,
): Promise<void> {
  for (const row of rows) {
    const after = await updateRecord(trx, definition.type, row, await changes(row), now);
    await recordUpdated(trx, definition, row, after, now);
  }
}

/** Deletes the row if it is still the version read. */
export async function deleteRecord<Table extends OrganizationTable>(
  trx: Trx,
  table: Table,
  current: RowOf<Table>,
): Promise<void> {
  forgetMade(trx);
  const result = await sql`delete from ${sql.table(table)}
    where id = ${current.id} and updated_at = ${current.updated_at}`.execute(trx);
  if (Number(result.numAffectedRows ?? 0n) !== 1) throw new PreconditionFailedError(CHANGED_MEANWHILE);
}

/** Which of `ids` are records of `table` in the organization (another organization's are not). */
export async function idsInOrganization(
  trx: Db | Trx,
  table: OrganizationTable,
  organizationId: string,
  given: readonly string[],
): Promise<Set<string>> {
  // No record's id holds a NUL (which PostgreSQL cannot read): such an id names nothing.
  const valid = given.filter((id) => !id.includes('\u0000'));
  // Those the transaction made itself are the organization's without asking.
  const found = new Set(valid.filter((id) => wasMade(trx, table, organizationId, id)));
  const ids = valid.filter((id) => !found.has(id));
  if (ids.length === 0) return found;
  if (ids.length === 1) {
    // One id, as most writes check their related records (a note's notable, a booking's
    // account): compiled once per table.
    const rows = await oneIdLookup(table)(trx, { organizationId, id: ids[0]! });
    return new Set([...found, ...rows.map((r) => r.id)]);
  }
  const { rows } = await sql<{ id: string }>`select id from ${sql.table(table)}
    where ${idsInOrganizationCondition(trx, organizationId, ids)}`.execute(trx);
  return new Set([...found, ...rows.map((r) => r.id)]);
}

type OneIdLookup = (
  db: Db | Trx,
  params: { organizationId: string; id: string },
) => Promise<Array<{ id: string }>>;
const oneIdLookups = new Map<OrganizationTable, OneIdLookup>();

function oneIdLookup(table: OrganizationTable): OneIdLookup {
  let lookup = oneIdLookups.get(table);
  if (!lookup) {
    lookup = precompiledQuery((db, params: { organizationId: string; id: string }) =>
      db
        .selectFrom(table)
        .select('id')
        .where(idsInOrganizationCondition(db, params.organizationId, [params.id])),
    ) as OneIdLookup;
    oneIdLookups.set(table, lookup);
  }
  return lookup;
}

/** The organization's record of that kind with that id, if any (another organization's is none). */
export function findRecord<Table extends OrganizationTable>(
  db: Db,
  definition: RecordKind<Table>,
  organizationId: string,
  id: string,
): Promise<RowOf<Table> | undefined> {
  return findRow(db, definition, organizationId, id);
}

/** How many records of that kind the organization has. */
export async function countRecords(
  db: Db,
  table: 'bookings' | 'accounts' | 'contacts' | 'spaces',
  organizationId: string,
): Promise<number> {
  return countOf(
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId),
  );
}

/** Values of a new record: all but its id, organization and timestamps, which insertRecord gives. */
export type NewRecord<Table extends OrganizationTable> = Omit<
  RowOf<Table>,
  'id' | 'organization_id' | 'created_at' | 'updated_at'
>;

/** Inserts a new record of the organization, made at `now`, and returns its row. */
export async function insertRecord<Table extends OrganizationTable>(
  trx: Trx,
  table: Table,
  organizationId: string,
  values: NewRecord<Table>,
  now: number,
): Promise<RowOf<Table>> {
  const at = isoTime(now);
  const row = { ...values, id: newId(now), organization_id: organizationId, created_at: at, updated_at: at };
  await trx
    .insertInto(table)
    .values(row as unknown as Insertable<Database[Table]>)
    .execute();
  noteMade(trx, table, organizationId, row.id);
  return row as RowOf<Table>;
}
