/**
 * The installment form (SPEC §12): an installment's terms as saved and as posted, and what they
 * ask of the schedule's rules (src/crm/payments/installment-rules.ts), which judge them for the
 * page as for /v2/installments. The form picks one way it comes to (an amount, a percentage of
 * the grand total, the remainder) and one way it falls due (a day, days before the first event,
 * on signing) with radios, each beside its own input; only the chosen input is read. An amount is
 * typed as a person writes it and read by src/crm/money.ts in the booking's currency.
 */
import { createHash } from 'node:crypto';
import { majorText } from '../../../crm/money.js';
import type { InstallmentInput, InstallmentValue as Installment } from '../../../crm/payments/index.js';
import type { FieldProblem } from '../../../errors.js';
import { decimalPoint, type Form, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { positiveAmount } from './payment-input.js';

export interface InstallmentValues {
  label: string;
  /** What it comes to: 'amount', 'percentage', 'remainder', or '' when none is chosen. */
  basis: string;
  amount: string;
  percentage: string;
  /** When it falls due: 'date', 'days_before', 'signing', or ''. */
  due: string;
  due_date: string;
  due_days_before: string;
}

export const BLANK_INSTALLMENT: InstallmentValues = {
  label: '',
  basis: '',
  amount: '',
  percentage: '',
  due: '',
  due_date: '',
  due_days_before: '',
};

export function installmentValuesOf(i: Installment, currency: string): InstallmentValues {
  const basis = i.remainder ? 'remainder' : i.percentage !== null ? 'percentage' : 'amount';
  const due = i.dueDate !== null ? 'date' : i.dueDaysBefore !== null ? 'days_before' : 'signing';
  return {
    label: i.label,
    basis,
    amount: i.amount === null ? '' : majorText(i.amount, currency),
    percentage: i.percentage ?? '',
    due,
    due_date: i.dueDate ?? '',
    due_days_before: i.dueDaysBefore === null ? '' : String(i.dueDaysBefore),
  };
}

const BASES = ['amount', 'percentage', 'remainder'];
const DUES = ['date', 'days_before', 'signing'];
/** A radio's value, or '' for none of its options. */
const oneOf = (options: readonly string[], value: string) => (options.includes(value) ? value : '');

export function installmentValuesPosted(body: Form): InstallmentValues {
  return {
    label: formText(body, 'label'),
    basis: oneOf(BASES, formText(body, 'basis')),
    amount: formText(body, 'amount').trim(),
    percentage: formText(body, 'percentage').trim(),
    due: oneOf(DUES, formText(body, 'due')),
    due_date: formText(body, 'due_date').trim(),
    due_days_before: formText(body, 'due_days_before').trim(),
  };
}

/** The most days before the first event, as /v2/installments takes them (payment.routes.ts). */
const DAYS_BEFORE_LIMIT = 3650;

/** What the form asks of the rules, and what it could not read: the chosen option's input, empty or unreadable. */
export function installmentInput(
  values: InstallmentValues,
  currency: string,
): { input: InstallmentInput; unread: FieldErrors } {
  const unread: FieldErrors = {};
  let amount: number | undefined;
  if (values.basis === 'amount') {
    const read = positiveAmount(values.amount, currency, 'An installment of a fixed amount needs it');
    if (read.problem !== undefined) unread.amount = read.problem;
    amount = read.minor;
  }
  if (values.basis === 'percentage' && values.percentage === '')
    unread.percentage = 'An installment of a percentage needs it, such as 25 (of the grand total).';
  let days: number | undefined;
  if (values.due === 'date' && values.due_date === '') unread.due_date = 'Choose the day it is due.';
  if (values.due === 'days_before') {
    days = /^\d{1,4}$/.test(values.due_days_before) ? Number(values.due_days_before) : undefined;
    if (days === undefined || days > DAYS_BEFORE_LIMIT)
      unread.due_days_before = `How many days before the first event it is due: a whole number from 0 to ${DAYS_BEFORE_LIMIT}.`;
  }
  const input: InstallmentInput = {
    label: values.label,
    amount: amount ?? null,
    percentage: values.basis === 'percentage' && values.percentage ? decimalPoint(values.percentage) : null,
    remainder: values.basis === 'remainder',
    due_date: values.due === 'date' && values.due_date ? values.due_date : null,
    due_days_before: days !== undefined && days <= DAYS_BEFORE_LIMIT ? days : null,
    due_on_signing: values.due === 'signing',
  };
  return { input, unread };
}

/**
 * The rules' fields as the form names them: "exactly one of" is said at the radios when none was
 * chosen; when one was, its own input's error says what is missing.
 */
export async function onInstallmentForm(
  problems: Promise<readonly FieldProblem[]>,
  values: InstallmentValues,
): Promise<FieldProblem[]> {
  const choice: Readonly<Record<string, [string, string]>> = {
    amount: ['basis', values.basis],
    due_date: ['due', values.due],
  };
  return (await problems).flatMap((p) => {
    const radios = p.code === 'one_of' && p.field ? choice[p.field] : undefined;
    if (!radios) return [p];
    return radios[1] === '' ? [{ ...p, field: radios[0] }] : [];
  });
}

/**
 * What an installment's own terms are, as a short fingerprint the edit form carries beside its
 * version: a payment or a new grand total re-resolves the installment (its version moves) without
 * touching what the form edits, and a save over such a change goes through; a change of the terms
 * themselves is still refused as stale.
 */
export function termsOf(i: Installment): string {
  // As their columns keep them: the flags as 1 or 0.
  const terms = [
    i.label,
    i.amount,
    i.percentage,
    i.remainder ? 1 : 0,
    i.dueDate,
    i.dueDaysBefore,
    i.dueOnSigning ? 1 : 0,
    i.position,
  ];
  return createHash('sha256')
    .update(JSON.stringify(terms.map((t) => (t === null ? null : String(t)))))
    .digest('base64url')
    .slice(0, 22);
}
