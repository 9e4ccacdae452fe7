/**
 * How a payment schedule and its payments read on the pages (SPEC §12): what an installment is
 * ("25% of the grand total"), when it falls due ("14 days before the first event — Fri 28 May
 * 2027"), its state as a badge that says it in words (overdue also by its weight and mark, not by
 * colour alone), and a payment's kind and method.
 */
import type {
  InstallmentState,
  InstallmentValue as Installment,
  PaymentKind,
  PaymentMethod,
  PaymentValue as Payment,
} from '../../../crm/payments/index.js';
import { percentText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import { dayLabel, localDate } from '../time-zones.js';

export const STATE_LABELS: Record<InstallmentState, string> = {
  scheduled: 'Scheduled',
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};

export const KIND_LABELS: Record<PaymentKind, string> = { payment: 'Payment', refund: 'Refund' };

export function stateBadge(state: InstallmentState): SafeHtml {
  const mark = state === 'overdue' ? html`<span aria-hidden="true">! </span>` : '';
  return html`<span class="badge state-${state}">${mark}${STATE_LABELS[state]}</span>`;
}

/** "25% of the grand total", "Remainder" or "Fixed amount". */
export function termsOf(i: Pick<Installment, 'amount' | 'percentage' | 'remainder'>): string {
  if (i.remainder) return 'Remainder';
  if (i.percentage !== null) return `${percentText(i.percentage)} of the grand total`;
  return 'Fixed amount';
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** "on Sat 1 May 2027", "14 days before the first event — Fri 28 May 2027" or "on signing". */
export function dueOf(i: Pick<Installment, 'dueDate' | 'dueDaysBefore' | 'dueOn'>): string {
  if (i.dueDate !== null) return `on ${dayLabel(i.dueDate)}`;
  const n = i.dueDaysBefore;
  if (n === null) return 'on signing';
  const when = n === 0 ? 'on the day of the first event' : `${days(n)} before the first event`;
  return i.dueOn === null ? when : `${when} — ${dayLabel(i.dueOn)}`;
}

/** The day a payment was received, in the venue's time zone. */
export function receivedOn(payment: Pick<Payment, 'receivedAt'>, zone: string): string {
  return dayLabel(localDate(Date.parse(payment.receivedAt), zone));
}

/** A refund reads as money going back: "-€250.00". */
export function signedAmount(payment: Pick<Payment, 'kind' | 'amount'>, currency: string): string {
  return money((payment.kind === 'refund' ? -1 : 1) * payment.amount, currency);
}

/** "the card payment of €500.00 received Sat 1 May 2027". */
export function paymentName(payment: Payment, currency: string, zone: string): string {
  const kind = payment.kind === 'refund' ? 'refund' : 'payment';
  const method = payment.method === 'other' ? '' : `${METHOD_LABELS[payment.method].toLowerCase()} `;
  const what = `${method}${kind} of ${money(payment.amount, currency)}`;
  return `the ${what} received ${receivedOn(payment, zone)}`;
}
