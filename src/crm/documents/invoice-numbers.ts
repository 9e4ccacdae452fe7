/**
 * Invoice numbers (SPEC §13: `INV-00001`, … per organization, given when an invoice is issued,
 * no gaps, never reused): taken from the organization's counter in the unit of work of the issue,
 * which holds the organization's write lock (src/db/organization-lock.ts). An issue that is
 * refused or rolls back takes no number with it; a voided invoice keeps its number, and the
 * counter never goes back.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import { lastInvoiceNumberOf } from './document.codec.js';

export function invoiceNumber(n: number): string {
  return `INV-${String(n).padStart(5, '0')}`;
}

/** The number the organization's next invoice would take now (a guess outside the lock). */
export async function nextInvoiceNumber(db: Db | Trx, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('invoice_numbers')
    .select('last_number')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return invoiceNumber(lastInvoiceNumberOf(row) + 1);
}

/** Takes the organization's next invoice number, under its write lock. */
export async function takeInvoiceNumber(trx: Trx, organizationId: string): Promise<string> {
  const row = await trx
    .insertInto('invoice_numbers')
    .values({ organization_id: organizationId, last_number: 1 })
    .onConflict((oc) =>
      oc.column('organization_id').doUpdateSet({ last_number: sql`invoice_numbers.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return invoiceNumber(lastInvoiceNumberOf(row));
}
