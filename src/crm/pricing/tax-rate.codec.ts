/**
 * A tax rate as the domain knows it, and its codec: the row of `tax_rates` read into the value (its
 * flags as booleans) and the value written back as its row — the one place its flags are decoded.
 * The row type never leaves this folder.
 */
import { flag } from '../data/row-mappers.js';
import type { TaxRate } from './tax-rate.table.js';

/** A tax the venue charges, as the pages see it. */
export interface TaxRateValue {
  id: string;
  organizationId: string;
  name: string;
  /** A percentage as a decimal string, written plainly ("8.875"). */
  percentage: string;
  /** Whether prices already contain it (EU VAT). */
  inclusive: boolean;
  /** Whether it is offered for new lines. */
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export const taxRateCodec = {
  decode(row: TaxRate): TaxRateValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      name: row.name,
      percentage: row.percentage,
      inclusive: flag(row.inclusive),
      active: flag(row.active),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
  encode(rate: TaxRateValue): TaxRate {
    return {
      id: rate.id,
      organization_id: rate.organizationId,
      name: rate.name,
      percentage: rate.percentage,
      inclusive: rate.inclusive ? 1 : 0,
      active: rate.active ? 1 : 0,
      created_at: rate.createdAt,
      updated_at: rate.updatedAt,
    };
  },
};
