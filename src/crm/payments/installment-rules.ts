/**
 * The rules of a payment schedule (SPEC §12): an installment of a booking of the organization,
 * with a label; exactly one of an amount (> 0), a percentage of the grand total, or the remainder
 * (at most one per booking); exactly one of a day, days before the booking's first event, or on
 * signing. The schedule's fixed and percentage parts may not pass the booking's grand total.
 */
import { isDate } from '../../wall-clock.js';
import { majorText } from '../money.js';
import { AMOUNT_LIMIT, wholeAmount } from '../money.js';
import { notAPercentage, readPercentage } from '../decimal.js';
import { type Checked, Problems } from '../validation.js';
import { installmentTermsOf, schedulePlaceOf } from './payment.codec.js';
import type { Installment } from './payment.table.js';
import { fixedParts, type ScheduleTerm } from './schedule.js';
import { flag } from '../data/row-mappers.js';

export interface InstallmentInput {
  bookingId?: string | undefined;
  label?: string | undefined;
  amount?: number | null | undefined;
  percentage?: string | null | undefined;
  remainder?: boolean | undefined;
  due_date?: string | null | undefined;
  due_days_before?: number | null | undefined;
  due_on_signing?: boolean | undefined;
  position?: number | undefined;
}

export interface InstallmentFacts {
  booking: { id: string; grand_total: number; currency: string } | undefined;
  /** The booking's other installments. */
  others: readonly Installment[];
  nextPosition: number;
}

export type InstallmentTerms = Pick<
  Installment,
  | 'booking_id'
  | 'label'
  | 'amount'
  | 'percentage'
  | 'remainder'
  | 'due_date'
  | 'due_days_before'
  | 'due_on_signing'
  | 'position'
>;

export function termOf(t: Pick<Installment, keyof InstallmentTerms | 'id'>): ScheduleTerm {
  const terms = installmentTermsOf(t);
  return {
    id: t.id,
    position: schedulePlaceOf(t),
    amount: terms.amount,
    percentage: t.percentage,
    remainder: terms.remainder,
    due_date: t.due_date,
    due_days_before: terms.dueDaysBefore,
    due_on_signing: terms.dueOnSigning,
  };
}

function checkAmount(input: InstallmentInput, current: Installment | undefined, problems: Problems) {
  const given = input.amount !== undefined || input.percentage !== undefined || input.remainder !== undefined;
  if (!given && current)
    return { amount: current.amount, percentage: current.percentage, remainder: current.remainder };
  const amount = input.amount ?? null;
  const percentage =
    input.percentage === undefined || input.percentage === null ? null : readPercentage(input.percentage);
  if (input.percentage !== undefined && input.percentage !== null && percentage === undefined)
    problems.attribute('percentage', notAPercentage(input.percentage));
  if (amount !== null && !wholeAmount(amount, 1, AMOUNT_LIMIT))
    problems.attribute('amount', `An amount is a whole number of minor units from 1 to ${AMOUNT_LIMIT}.`);
  const kinds = [amount !== null, input.percentage != null, input.remainder === true].filter(Boolean).length;
  if (kinds !== 1) {
    problems.attribute(
      'amount',
      'An installment is exactly one of: an amount, a percentage of the grand total, or remainder: true.',
      'one_of',
    );
  }
  return { amount, percentage: percentage ?? null, remainder: input.remainder ? 1 : 0 };
}

function checkDue(input: InstallmentInput, current: Installment | undefined, problems: Problems) {
  const given =
    input.due_date !== undefined || input.due_days_before !== undefined || input.due_on_signing !== undefined;
  if (!given && current) {
    return {
      due_date: current.due_date,
      due_days_before: current.due_days_before,
      due_on_signing: current.due_on_signing,
    };
  }
  const dueDate = input.due_date ?? null;
  if (dueDate !== null && !isDate(dueDate))
    problems.attribute('due_date', `"${dueDate}" is not a date such as 2027-05-01.`);
  const kinds = [dueDate !== null, input.due_days_before != null, input.due_on_signing === true].filter(
    Boolean,
  ).length;
  if (kinds !== 1) {
    problems.attribute(
      'due_date',
      'An installment is due exactly one way: a due_date, due_days_before the first event, or due_on_signing: true.',
      'one_of',
    );
  }
  return {
    due_date: dueDate,
    due_days_before: input.due_days_before ?? null,
    due_on_signing: input.due_on_signing ? 1 : 0,
  };
}

export function checkInstallment(
  input: InstallmentInput,
  current: Installment | undefined,
  facts: InstallmentFacts,
): Checked<InstallmentTerms> {
  const problems = new Problems();
  if (!current && input.bookingId === undefined)
    problems.relationship('booking', 'An installment needs its booking.', 'required');
  else if (!facts.booking)
    problems.relationship(
      'booking',
      `No booking with the id "${input.bookingId}" exists in this organization.`,
      'not_found',
    );
  const label = (input.label ?? current?.label ?? '').trim();
  if (label === '') problems.attribute('label', 'An installment needs a label, such as Deposit.', 'blank');
  else if (label.length > 100)
    problems.attribute('label', 'A label is at most 100 characters long.', 'too_long');
  problems.text('label', label);
  const amount = checkAmount(input, current, problems);
  const due = checkDue(input, current, problems);
  if (amount.remainder && facts.others.some((o) => flag(o.remainder))) {
    problems.attribute('remainder', 'This booking’s schedule has its remainder already.', 'taken');
  }
  const value: InstallmentTerms = {
    booking_id: current?.booking_id ?? facts.booking?.id ?? '',
    label,
    ...amount,
    ...due,
    position: input.position ?? (current ? schedulePlaceOf(current) : facts.nextPosition),
  };
  if (facts.booking && !problems.has('amount') && !problems.has('percentage')) {
    const total = Number(facts.booking.grand_total);
    const parts = fixedParts(
      [...facts.others.map(termOf), termOf({ ...value, id: current?.id ?? '' })],
      total,
    );
    if (parts > total) {
      const money = (minor: number) =>
        `${majorText(minor, facts.booking!.currency)} ${facts.booking!.currency}`;
      problems.attribute(
        value.percentage !== null ? 'percentage' : 'amount',
        `The schedule's amounts and percentages come to ${money(parts)}, more than the booking's grand total of ${money(total)}.`,
        'over_total',
      );
    }
  }
  return { problems: problems.list, value };
}
