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
 *   due on it (or, due on signing, once signed), scheduled before;
 * - the schedule adds up: an installment once paid in full keeps the amount it was paid at
 *   (`settled`), whatever the grand total does later, and the difference that leaves goes to the
 *   remainder (else the last installment not settled takes it, or gives it back, latest first), so
 *   the amounts due of a schedule that covers the grand total always come to it, and what is still
 *   to pay of the installments comes to the balance due: a client is never asked for more.
 */
import { addDays } from '../../wall-clock.js';
import { fixedParts, percentageOf, type ScheduleTerm } from './schedule-parts.js';

export { fixedParts, percentageOf, type ScheduleTerm } from './schedule-parts.js';

export type InstallmentState = 'scheduled' | 'due' | 'overdue' | 'paid';

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

/** What each term comes to before the schedule is balanced: settled, fixed or a percentage. */
function nominal(term: ScheduleTerm, grandTotal: number, settled: boolean): number {
  if (settled && term.settled) return term.settled;
  if (term.remainder) return 0;
  return term.amount ?? Math.max(0, percentageOf(grandTotal, term.percentage ?? '0'));
}

/**
 * The amounts due, adding up: what the schedule would come to with nothing settled (the grand
 * total when it has a remainder, and never more than the grand total), the difference the
 * settled ones leave taken by the remainder, else the last one not settled in the order they
 * fall due (or given back from the latest ones not settled).
 */
function balanceAmounts(
  rows: readonly Row[],
  order: readonly Row[],
  grandTotal: number,
  settled: Set<string>,
) {
  const intended = rows.some((row) => row.term.remainder)
    ? grandTotal
    : fixedParts(
        rows.map((row) => row.term),
        grandTotal,
      );
  const target = Math.min(grandTotal, intended);
  let difference = target - rows.reduce((sum, row) => sum + row.amount_due, 0);
  const open = order.filter((row) => !settled.has(row.term.id));
  if (difference > 0) {
    const taker = open.find((row) => row.term.remainder) ?? open.at(-1);
    if (taker) taker.amount_due += difference;
    return;
  }
  for (const row of [...open].reverse()) {
    if (difference >= 0) break;
    const taken = Math.min(row.amount_due, -difference);
    row.amount_due -= taken;
    difference += taken;
  }
}

export function resolveSchedule(
  terms: readonly ScheduleTerm[],
  payments: readonly AppliedPayment[],
  facts: ScheduleFacts,
): Map<string, ResolvedInstallment> {
  // Settled installments keep their amount while the payments still pay them in full; one that
  // is no longer paid in full (a refund, a payment deleted) is resolved again as its terms say.
  const settled = new Set(terms.filter((t) => !t.remainder && (t.settled ?? 0) > 0).map((t) => t.id));
  for (;;) {
    const rows = fill(terms, payments, facts, settled);
    const unsettled = rows.filter((row) => settled.has(row.term.id) && row.paid < row.amount_due);
    if (unsettled.length === 0) {
      return new Map(
        rows.map((row) => [
          row.term.id,
          {
            amount_due: row.amount_due,
            due_on: row.due_on,
            paid_amount: row.paid,
            state: stateOf(row, facts),
          },
        ]),
      );
    }
    for (const row of unsettled) settled.delete(row.term.id);
  }
}

function fill(
  terms: readonly ScheduleTerm[],
  payments: readonly AppliedPayment[],
  facts: ScheduleFacts,
  settled: Set<string>,
): Row[] {
  const rows: Row[] = terms.map((term) => ({
    term,
    amount_due: nominal(term, facts.grandTotal, settled.has(term.id)),
    due_on: dueOn(term, facts.firstEventDay),
    paid: 0,
  }));
  const byId = new Map(rows.map((row) => [row.term.id, row]));
  const named = (p: AppliedPayment) => (p.installment_id === null ? undefined : byId.get(p.installment_id));
  const byDue = [...rows].sort(byDueDay);
  balanceAmounts(rows, byDue, facts.grandTotal, settled);
  // What was paid stays where it was: the settled ones are filled first, then the rest as they fall due.
  const order = [
    ...byDue.filter((row) => settled.has(row.term.id)),
    ...byDue.filter((row) => !settled.has(row.term.id)),
  ];
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
  return rows;
}
