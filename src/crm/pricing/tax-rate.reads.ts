/**
 * What the pages read of tax rates, as values: the organization's, by name, and one with the
 * version its form carries.
 */
import type { Db } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import { taxRateCodec, type TaxRateValue } from './tax-rate.codec.js';
import { taxRateDefinition } from './tax-rate.resource.js';
import { type TaxRateInput, taxRateProblems } from './tax-rates.js';

/** The organization's tax rates, by name (Settings → Tax rates). */
export async function taxRatesOf(db: Db, organizationId: string): Promise<TaxRateValue[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(taxRateCodec.decode);
}

/** The organization's tax rate with the version its form carries, or undefined. */
export function findTaxRate(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, taxRateDefinition, taxRateCodec.decode, organizationId, id);
}

/** Every problem of a change of the tax rate, writing nothing (its edit form). */
export const taxRateChangeProblems = (
  db: Db,
  actor: Pick<Actor, 'organizationId'>,
  input: TaxRateInput,
  rate: TaxRateValue,
) => taxRateProblems(db, actor, input, taxRateCodec.encode(rate));
