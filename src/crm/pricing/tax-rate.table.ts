import type { Selectable } from 'kysely';

/** A tax the venue charges (SPEC §12): "NY sales tax" 8.875%, "VAT" 20% inside its prices. */
export interface TaxRateTable {
  id: string;
  organization_id: string;
  name: string;
  /** A percentage as a decimal string, written plainly ("8.875"). */
  percentage: string;
  /** 1 when prices already contain the tax (EU VAT), else 0. */
  inclusive: number;
  /** 1 when it is offered for new lines, else 0. */
  active: number;
  created_at: string;
  updated_at: string;
}

export type TaxRate = Selectable<TaxRateTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    tax_rates: TaxRateTable;
  }
}
