/**
 * The records a transaction has inserted, so that a rule asking whether a record it names is the
 * organization's (records.ts `idsInOrganization`, which facts.ts and a note's notable use) need
 * not ask the database about one the same transaction made: a lead names the account and the
 * contact it has just made, and its note the booking. Every deletion of a record
 * (records.ts `deleteRecord`) forgets them all, since a deletion may take others along (a
 * booking's events).
 */
import type { Db, Trx } from '../db/database.js';

const madeIn = new WeakMap<Db | Trx, Set<string>>();

const key = (table: string, organizationId: string, id: string) => `${table} ${organizationId} ${id}`;

/** Notes that the transaction inserted the organization's record `id` into `table`. */
export function noteMade(trx: Trx, table: string, organizationId: string, id: string): void {
  let made = madeIn.get(trx);
  if (!made) {
    made = new Set();
    madeIn.set(trx, made);
  }
  made.add(key(table, organizationId, id));
}

/** Whether this transaction inserted the organization's record `id` into `table` (and deleted none since). */
export function wasMade(db: Db | Trx, table: string, organizationId: string, id: string): boolean {
  return madeIn.get(db)?.has(key(table, organizationId, id)) ?? false;
}

/** Forgets what the transaction made (it deleted a record). */
export function forgetMade(trx: Trx): void {
  madeIn.delete(trx);
}
