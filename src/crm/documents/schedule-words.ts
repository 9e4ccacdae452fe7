/**
 * A payment schedule as a document prints it (SPEC §12, §13): what each installment is, when it
 * falls due and what state it is in, as resolved and kept on the installment (never worked out
 * again here).
 */
import type { InstallmentState, InstallmentValue as Installment } from '../payments/index.js';
import { dayWords } from './document-words.js';
import { percentText } from '../../locale.js';

export const STATE_WORDS: Readonly<Record<InstallmentState, string>> = {
  scheduled: 'Scheduled',
  due: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
};

/** "25% of the total", "What remains of the total" or nothing for a fixed amount. */
export function installmentTerms(i: Pick<Installment, 'percentage' | 'remainder'>, locale: string): string {
  if (i.remainder) return 'What remains of the total';
  if (i.percentage !== null) return `${percentText(i.percentage, locale)} of the total`;
  return '';
}

/** What is still to pay of an installment: what it comes to less what was paid of it. */
export function stillToPay(i: Pick<Installment, 'amountDue' | 'paidAmount'>): number {
  return Math.max(0, i.amountDue - i.paidAmount);
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** "On signing", "Saturday 1 May 2027", "Friday 28 May 2027 (14 days before the first event)". */
export function installmentDue(
  i: Pick<Installment, 'dueDate' | 'dueDaysBefore' | 'dueOn' | 'dueOnSigning'>,
  locale?: string,
): string {
  if (i.dueDate !== null) return dayWords(i.dueDate, locale);
  const n = i.dueDaysBefore;
  if (i.dueOnSigning || n === null) return 'On signing';
  const when = n === 0 ? 'on the day of the first event' : `${days(n)} before the first event`;
  return i.dueOn === null
    ? when.charAt(0).toUpperCase() + when.slice(1)
    : `${dayWords(i.dueOn, locale)} (${when})`;
}
