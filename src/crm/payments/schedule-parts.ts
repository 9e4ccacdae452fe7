/**
 * What the fixed and percentage parts of a payment schedule come to (SPEC §12): a percentage of
 * the grand total rounded half away from zero to the minor unit, exactly.
 */
import { readDecimal, roundedQuotient } from '../decimal.js';

export interface ScheduleTerm {
  id: string;
  position: number;
  amount: number | null;
  percentage: string | null;
  remainder: boolean;
  due_date: string | null;
  due_days_before: number | null;
  due_on_signing: boolean;
  /**
   * The amount it was paid in full at, while it stays paid in full: it keeps it when the grand
   * total changes (its last resolution said `paid`).
   */
  settled?: number | null;
}

/** What a percentage of the grand total comes to. */
export function percentageOf(grandTotal: number, percentage: string): number {
  const rate = readDecimal(percentage, 4);
  if (!rate) throw new RangeError(`"${percentage}" is not a percentage.`);
  return Number(roundedQuotient(BigInt(grandTotal) * rate.units, 100n * rate.scale));
}

/** What the fixed and percentage installments come to (a schedule's may not pass the grand total). */
export function fixedParts(terms: readonly ScheduleTerm[], grandTotal: number): number {
  let sum = 0;
  for (const term of terms) {
    if (term.remainder) continue;
    sum += term.amount ?? percentageOf(grandTotal, term.percentage ?? '0');
  }
  return sum;
}
