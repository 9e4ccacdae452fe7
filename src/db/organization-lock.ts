/**
 * An organization's write lock: its row in booking_references, which also counts its booking
 * numbers. A write of venue data takes it first (src/writes/unit-of-work.ts), so the checks that
 * follow (no double booking, references, dependents) see every write committed before and none
 * after: no read-then-write race.
 *
 * - exclusive: an update of the row, whose lock PostgreSQL holds until commit.
 * - shared: for writes that only add beside what they name (a note): on PostgreSQL they take the
 *   row `FOR SHARE`, running beside each other but never beside an exclusive write (a deletion of
 *   what they name).
 * On SQLite a write transaction holds the database's one write lock from its `begin immediate`
 * (src/db/sqlite-statements.ts): every write is already alone, its reads current, and nothing
 * more is taken (an update here would cost each note a page written to the WAL).
 */
import { isSqlite } from './column-types.js';
import type { Trx } from './database.js';

export type LockMode = 'exclusive' | 'shared';

/** Transactions that hold an organization's lock exclusively to their end (holdOrganization). */
const held = new WeakMap<Trx, Set<string>>();

export async function lockOrganization(trx: Trx, organizationId: string, mode: LockMode): Promise<void> {
  if (isSqlite(trx) || held.get(trx)?.has(organizationId)) return;
  if (mode === 'shared') {
    const held = () =>
      trx
        .selectFrom('booking_references')
        .select('organization_id')
        .where('organization_id', '=', organizationId)
        .forShare()
        .executeTakeFirst();
    // The organization's first write inserts its row, holding it exclusively until commit.
    if (!(await held())) await insertRow(trx, organizationId);
    return;
  }
  const updated = await trx
    .updateTable('booking_references')
    .set((eb) => ({ last_number: eb.ref('last_number') }))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await insertRow(trx, organizationId);
}

/** The organization's first write: its row, which a concurrent first write waits for. */
export async function insertRow(trx: Trx, organizationId: string): Promise<void> {
  await trx
    .insertInto('booking_references')
    .values({ organization_id: organizationId, last_number: 0 })
    .onConflict((oc) =>
      oc
        .column('organization_id')
        .doUpdateSet((eb) => ({ last_number: eb.ref('booking_references.last_number') })),
    )
    .execute();
}

/**
 * Takes the organization's lock exclusively for the rest of `trx`: the writes in it take it no
 * more (a shared transaction of jobs, src/jobs/shared-transaction.ts). Taken before any
 * savepoint: a lock taken after one is let go when the transaction rolls back to it.
 */
export async function holdOrganization(trx: Trx, organizationId: string): Promise<void> {
  await lockOrganization(trx, organizationId, 'exclusive');
  held.set(trx, (held.get(trx) ?? new Set()).add(organizationId));
}
