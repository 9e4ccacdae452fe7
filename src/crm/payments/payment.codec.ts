/**
 * Installments and payments as the domain knows them, and their codec: the rows of `installments`
 * and `payments` read into values, the one place their figures and flags are coerced (a driver
 * may hand a number over as text). The resources, the reports and the pages read the values.
 */
import { flag } from '../data/row-mappers.js';
import type { InstallmentState } from './schedule.js';
import type { Installment, Payment } from './payment.table.js';

/** An installment of a booking's payment schedule, as every door sees it. */
export interface InstallmentValue {
  id: string;
  organizationId: string;
  bookingId: string;
  label: string;
  amount: number | null;
  percentage: string | null;
  remainder: boolean;
  dueDate: string | null;
  dueDaysBefore: number | null;
  dueOnSigning: boolean;
  position: number;
  amountDue: number;
  dueOn: string | null;
  paidAmount: number;
  state: InstallmentState;
  createdAt: string;
  updatedAt: string;
}

/** A payment or a refund, as every door sees it. */
export interface PaymentValue {
  id: string;
  organizationId: string;
  bookingId: string;
  installmentId: string | null;
  kind: Payment['kind'];
  amount: number;
  method: Payment['method'];
  receivedAt: string;
  reference: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

const optionalNumber = (column: number | string | null) => (column === null ? null : Number(column));

/** An installment's terms, from their columns: a fixed amount, or days before the first event. */
export function installmentTermsOf(
  row: Pick<Installment, 'amount' | 'remainder' | 'due_days_before' | 'due_on_signing'>,
): {
  amount: number | null;
  remainder: boolean;
  dueDaysBefore: number | null;
  dueOnSigning: boolean;
} {
  return {
    amount: optionalNumber(row.amount),
    remainder: flag(row.remainder),
    dueDaysBefore: dueDaysBeforeOf(row),
    dueOnSigning: flag(row.due_on_signing),
  };
}

/** The days before the first event an installment falls due, or null (a date, or on signing). */
export const dueDaysBeforeOf = (row: Pick<Installment, 'due_days_before'>): number | null =>
  optionalNumber(row.due_days_before);

/** Whether an installment is its schedule's remainder, from its column. */
export const isRemainderOf = (row: Pick<Installment, 'remainder'>): boolean => flag(row.remainder);

/** Whether an installment falls due when the contract is signed, from its column. */
export const isDueOnSigningOf = (row: Pick<Installment, 'due_on_signing'>): boolean =>
  flag(row.due_on_signing);

/** An installment's place in its schedule, from its column. */
export const schedulePlaceOf = (row: Pick<Installment, 'position'>): number => Number(row.position);

/** What a payment or a refund came to (minor units, > 0), from its column. */
export const amountOf = (row: Pick<Payment, 'amount'>): number => Number(row.amount);

/** What an installment comes to and what has been paid of it (minor units), from its columns. */
export function owedOf(row: Pick<Installment, 'amount_due' | 'paid_amount'>): {
  amountDue: number;
  paidAmount: number;
} {
  return { amountDue: Number(row.amount_due), paidAmount: Number(row.paid_amount) };
}

export const installmentCodec = {
  decode(row: Installment): InstallmentValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      bookingId: row.booking_id,
      label: row.label,
      ...installmentTermsOf(row),
      percentage: row.percentage,
      dueDate: row.due_date,
      position: schedulePlaceOf(row),
      ...owedOf(row),
      dueOn: row.due_on,
      state: row.state,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
  /** The value as its row, for the rules that judge a change against the row they read. */
  encode(i: InstallmentValue): Installment {
    return {
      id: i.id,
      organization_id: i.organizationId,
      booking_id: i.bookingId,
      label: i.label,
      amount: i.amount,
      percentage: i.percentage,
      remainder: i.remainder ? 1 : 0,
      due_date: i.dueDate,
      due_days_before: i.dueDaysBefore,
      due_on_signing: i.dueOnSigning ? 1 : 0,
      position: i.position,
      amount_due: i.amountDue,
      due_on: i.dueOn,
      paid_amount: i.paidAmount,
      state: i.state,
      created_at: i.createdAt,
      updated_at: i.updatedAt,
    };
  },
};

export const paymentCodec = {
  decode(row: Payment): PaymentValue {
    return {
      id: row.id,
      organizationId: row.organization_id,
      bookingId: row.booking_id,
      installmentId: row.installment_id,
      kind: row.kind,
      amount: amountOf(row),
      method: row.method,
      receivedAt: row.received_at,
      reference: row.reference,
      note: row.note,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
