/**
 * The arithmetic of a booking's prices (SPEC §12), exact: amounts are integers in the currency's
 * minor units, quantities and percentages decimal strings, and every product or quotient is taken
 * as an exact fraction of big integers and rounded once, half away from zero, to the minor unit.
 * Never a float.
 *
 * For each line:
 * - `amount` = quantity × unit price;
 * - its service charge (when the line takes it) = the rounded amount × the organization's
 *   percentage;
 * - a tax's base = the amount, plus the service charge when the service charge is taxable;
 * - each exclusive tax = base × its rate, and is added;
 * - each inclusive tax (the price already contains it, as EU VAT) is contained in its base, the
 *   service charge as much as the price: base − base ÷ (1 + rate), that is base × rate ÷ (1 +
 *   rate), and is not added again;
 * - `total` = amount + service charge + exclusive taxes.
 * Totals are sums of the rounded line figures, so a document adds up to the cent as printed.
 */
import { type Decimal, readDecimal, roundedQuotient } from '../decimal.js';

/** A whole number of minor units as a JavaScript number; throws past the safe integers (no silent loss). */
function minorUnits(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('An amount is beyond what can be held exactly.');
  }
  return Number(value);
}

export interface LineTax {
  id: string;
  /** A percentage as a decimal string ("8.875"). */
  percentage: string;
  inclusive: boolean;
}

export interface PricedLineInput {
  /** > 0, up to 3 decimals ("1", "2.5"). */
  quantity: string;
  /** Minor units; negative for a discount. */
  unitPrice: number;
  /** Whether the organization's service charge applies to this line. */
  serviceCharge: boolean;
  taxes: readonly LineTax[];
}

export interface ServiceChargeRule {
  /** The organization's service charge as a percentage ("20"; "0" for none). */
  percentage: string;
  /** Whether the service charge is taxed: exclusive taxes are charged on it, inclusive ones contained in it. */
  taxable: boolean;
}

export interface LineFigures {
  amount: number;
  service_charge_amount: number;
  /** Every tax of the line, inclusive ones too (what a document lists). */
  tax_amount: number;
  /** Each tax's amount, in the order of the line's taxes. */
  taxes: ReadonlyArray<{ id: string; inclusive: boolean; amount: number }>;
  /** amount + service charge + exclusive taxes. */
  total: number;
}

function percentageOf(text: string): Decimal {
  const value = readDecimal(text, 4);
  if (!value) throw new RangeError(`"${text}" is not a percentage.`);
  return value;
}

/** A line's figures by the rules above. */
export function lineFigures(line: PricedLineInput, serviceCharge: ServiceChargeRule): LineFigures;
/** The same, or undefined when any of them passes `limit` either way (a line too large to keep). */
export function lineFigures(
  line: PricedLineInput,
  serviceCharge: ServiceChargeRule,
  limit: number,
): LineFigures | undefined;
export function lineFigures(
  line: PricedLineInput,
  serviceCharge: ServiceChargeRule,
  limit?: number,
): LineFigures | undefined {
  const quantity = readDecimal(line.quantity, 3);
  if (!quantity) throw new RangeError(`"${line.quantity}" is not a quantity.`);
  const amount = roundedQuotient(quantity.units * BigInt(line.unitPrice), quantity.scale);
  const charge = percentageOf(serviceCharge.percentage);
  const service = line.serviceCharge ? roundedQuotient(amount * charge.units, 100n * charge.scale) : 0n;
  const base = amount + (serviceCharge.taxable ? service : 0n);
  const taxes = line.taxes.map((tax) => {
    const rate = percentageOf(tax.percentage);
    // A service charge on a price that contains VAT contains VAT too (it is charged at the rate
    // of the supply it serves), so an inclusive tax is taken out of the whole base.
    const value = tax.inclusive
      ? roundedQuotient(base * rate.units, 100n * rate.scale + rate.units)
      : roundedQuotient(base * rate.units, 100n * rate.scale);
    return { id: tax.id, inclusive: tax.inclusive, amount: value };
  });
  const exclusive = taxes.reduce((sum, t) => (t.inclusive ? sum : sum + t.amount), 0n);
  const taxTotal = taxes.reduce((sum, t) => sum + t.amount, 0n);
  const total = amount + service + exclusive;
  if (limit !== undefined) {
    const bound = BigInt(limit);
    const beyond = (value: bigint) => value > bound || value < -bound;
    if ([amount, service, taxTotal, total].some(beyond)) return undefined;
  }
  return {
    amount: minorUnits(amount),
    service_charge_amount: minorUnits(service),
    tax_amount: minorUnits(taxTotal),
    taxes: taxes.map((t) => ({ id: t.id, inclusive: t.inclusive, amount: minorUnits(t.amount) })),
    total: minorUnits(total),
  };
}

export interface PriceTotals {
  /** The lines' amounts. */
  subtotal: number;
  service_charge_total: number;
  /** Every tax, inclusive ones too. */
  tax_total: number;
  /** The lines' totals: subtotal + service charges + exclusive taxes. */
  grand_total: number;
  /** The lines' amounts by category. */
  category_totals: Record<string, number>;
}

/** The sums of the lines' rounded figures. */
export function priceTotals(
  lines: ReadonlyArray<Omit<LineFigures, 'taxes'> & { category: string }>,
): PriceTotals {
  const totals: PriceTotals = {
    subtotal: 0,
    service_charge_total: 0,
    tax_total: 0,
    grand_total: 0,
    category_totals: {},
  };
  const add = (a: number, b: number) => minorUnits(BigInt(a) + BigInt(b));
  for (const line of lines) {
    totals.subtotal = add(totals.subtotal, line.amount);
    totals.service_charge_total = add(totals.service_charge_total, line.service_charge_amount);
    totals.tax_total = add(totals.tax_total, line.tax_amount);
    totals.grand_total = add(totals.grand_total, line.total);
    totals.category_totals[line.category] = add(totals.category_totals[line.category] ?? 0, line.amount);
  }
  return totals;
}
