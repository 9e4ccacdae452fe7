/**
 * The venue's settings as the domain knows them, and their codec: the columns of `organizations`
 * that are not yet the domain's values (the service charge's tax flag, the food and beverage
 * categories' JSON) decoded here, the one place either is. The resource and Settings → Venue read
 * the value.
 */
import type { Selectable } from 'kysely';
import type { OrganizationTable } from '../../identity/identity.table.js';
import { flag } from '../data/row-mappers.js';

/** What the venue's prices are reckoned with beside its figures' text. */
export interface VenuePricing {
  /** Whether the service charge is itself taxed. */
  serviceChargeTaxable: boolean;
  /** The item categories that count as food and beverage (toward a booking's minimum). */
  fnbCategories: string[];
}

export const venuePricingCodec = {
  decode(
    row: Pick<Selectable<OrganizationTable>, 'service_charge_taxable' | 'fnb_categories'>,
  ): VenuePricing {
    return {
      serviceChargeTaxable: flag(row.service_charge_taxable),
      fnbCategories: JSON.parse(row.fnb_categories) as string[],
    };
  },
};
