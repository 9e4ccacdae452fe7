/**
 * A booking's payment schedule resolved (SPEC §12), exact and pure:
 * - each installment's `amount_due`: its fixed amount; or its percentage of the grand total,
 *   rounded half away from zero; or, for the one `remainder`, what the others leave (never below 0);
 * - its `due_on`: its date; or so many days before the booking's first event (its day in the
 *   organization's time zone); or, due on signing, none;
 * - what has been paid of each: payments naming an installment go to it up to what it is due,
 *   and what is left, with the payments naming none, fills the installments in the order they fall
 *   due, each up to what it is due: those due on signing first (a venue expects the deposit paid
 *   before anything else), then the dated ones by day, then those with no day yet (days before an
 *   event not yet dated); refunds take back from the one they name, then from the latest in that
 *   order, so a deposit due on signing is the last to be given back;
 * - its `state`: paid once paid in full (when it is due anything); else overdue after its day,
 *   due on it (or, due on signing, once signed), scheduled before.
 */
import { addDays } from '../../wall-clock.js';
import { readDecimal, roundedQuotient } from '../pricing/line-arithmetic.js';

export type InstallmentState = 'scheduled' | 'due' | 'overdue' | 'paid';

export interface ScheduleTerm {
  id: string;
  position: number;
  amount: number | null;
  percentage: string | null;
  remainder: boolean;
  due_date: string | null;
  due_days_before: number | null;
  due_on_signing: boolean;
}

export interface AppliedPayment {
  installment_id: string | null;
  kind: 'payment' | 'refund';
  amount: number;
}

export interface ResolvedInstallment {
  amount_due: number;
  due_on: string | null;
  paid_amount: number;
  state: InstallmentState;
}

export interface ScheduleFacts {
  grandTotal: number;
  /** The day of the booking's first event, in the organization's time zone. */
  firstEventDay: string | null;
  /** Today, in the organization's time zone. */
  today: string;
  /** Whether its proposal has been signed (due-on-signing installments are due from then). */
  signed: boolean;
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

function dueOn(term: ScheduleTerm, firstEventDay: string | null): string | null {
  if (term.due_date !== null) return term.due_date;
  if (term.due_days_before !== null && firstEventDay !== null) {
    return addDays(firstEventDay, -term.due_days_before);
  }
  return null;
}

interface Row {
  term: ScheduleTerm;
  amount_due: number;
  due_on: string | null;
  paid: number;
}

/** Where an installment falls in the order of payment: due on signing, dated, not yet dated. */
const rank = (row: Row) => (row.term.due_on_signing ? 0 : row.due_on !== null ? 1 : 2);

/**
 * The order installments fall due (SPEC §12): those due on signing first, then the dated ones by
 * day, then those not yet dated; then by position.
 */
function byDueDay(a: Row, b: Row): number {
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.due_on !== b.due_on) {
    if (a.due_on === null) return 1;
    if (b.due_on === null) return -1;
    return a.due_on < b.due_on ? -1 : 1;
  }
  return a.term.position - b.term.position;
}

function stateOf(row: Row, facts: ScheduleFacts): InstallmentState {
  // Nothing to pay (a percentage of a total not priced yet) is neither paid nor late.
  if (row.amount_due <= 0) return 'scheduled';
  if (row.paid >= row.amount_due) return 'paid';
  if (row.due_on === null) return row.term.due_on_signing && facts.signed ? 'due' : 'scheduled';
  if (row.due_on < facts.today) return 'overdue';
  return row.due_on === facts.today ? 'due' : 'scheduled';
}

/**
 * Spreads an amount over the installments in the order they fall due (taking back from the latest
 * when negative); returns what is left over (paid beyond the schedule).
 */
function apply(order: readonly Row[], unassigned: number): number {
  let left = unassigned;
  for (const row of order) {
    if (left <= 0) break;
    const taken = Math.min(Math.max(0, row.amount_due - row.paid), left);
    row.paid += taken;
    left -= taken;
  }
  for (const row of [...order].reverse()) {
    if (left >= 0) break;
    const taken = Math.min(Math.max(0, row.paid), -left);
    row.paid -= taken;
    left += taken;
  }
  return left;
}

export function resolveSchedule(
  terms: readonly ScheduleTerm[],
  payments: readonly AppliedPayment[],
  facts: ScheduleFacts,
): Map<string, ResolvedInstallment> {
  const parts = fixedParts(terms, facts.grandTotal);
  const rows: Row[] = terms.map((term) => ({
    term,
    amount_due: term.remainder
      ? Math.max(0, facts.grandTotal - parts)
      : (term.amount ?? Math.max(0, percentageOf(facts.grandTotal, term.percentage ?? '0'))),
    due_on: dueOn(term, facts.firstEventDay),
    paid: 0,
  }));
  const byId = new Map(rows.map((row) => [row.term.id, row]));
  const named = (p: AppliedPayment) => (p.installment_id === null ? undefined : byId.get(p.installment_id));
  const order = [...rows].sort(byDueDay);
  // Payments first: each fills what it names, and the rest (with those naming none) fills the
  // installments in the order they fall due.
  let received = 0;
  for (const payment of payments) {
    if (payment.kind !== 'payment') continue;
    const row = named(payment);
    const taken = row ? Math.min(Math.max(0, row.amount_due - row.paid), payment.amount) : 0;
    if (row) row.paid += taken;
    received += payment.amount - taken;
  }
  const overpaid = apply(order, received);
  // Then refunds: each takes back from what it names what that holds, the rest from the latest.
  let refunded = 0;
  for (const refund of payments) {
    if (refund.kind !== 'refund') continue;
    const row = named(refund);
    const back = row ? Math.min(Math.max(0, row.paid), refund.amount) : 0;
    if (row) row.paid -= back;
    refunded += refund.amount - back;
  }
  // What was paid beyond the schedule is given back first.
  apply(order, Math.min(0, overpaid - refunded));
  return new Map(
    rows.map((row) => [
      row.term.id,
      { amount_due: row.amount_due, due_on: row.due_on, paid_amount: row.paid, state: stateOf(row, facts) },
    ]),
  );
}
