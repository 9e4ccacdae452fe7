/**
 * The tax rates an item or a line names (SPEC §12): each one a rate of the organization, each
 * once, in the order given. A line keeps a copy of each rate as it was when the line was priced.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Problems } from '../validation.js';
import type { TaxRate } from './tax-rate.table.js';

/** The organization's rates among `ids`, by id. */
export async function taxRatesById(
  db: Db | Trx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, TaxRate>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('tax_rates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ids given, each once, telling the first that is not one of the organization's rates. */
export function checkTaxRateIds(
  problems: Problems,
  ids: readonly string[],
  known: ReadonlySet<string>,
): string[] {
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    problems.relationship(
      'tax_rates',
      `No tax rate with the id "${unknown}" exists in this organization.`,
      'not_found',
    );
  }
  return [...new Set(ids)];
}
