/**
 * The payment form (SPEC §12): a payment or refund as posted, and what it asks of the payment
 * rules (src/crm/payments/payments.ts), which judge it for the page as for /v2/payments. The
 * amount is typed as a person writes it and read by src/crm/money.ts in the booking's currency;
 * the day it was received is a day of the venue's time zone (today: the moment it is recorded).
 */
import { moneyText, readAmount, type ReadAmount } from '../../../crm/money.js';
import {
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  type PaymentInput,
  type PaymentKind,
  type PaymentMethod,
} from '../../../crm/payments/index.js';
import { AMOUNT_LIMIT } from '../../../crm/money.js';
import { type Form, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { isDate, zonedToUtc } from '../time-zones.js';

export interface PaymentValues {
  kind: string;
  amount: string;
  method: string;
  /** YYYY-MM-DD in the venue's time zone. */
  received_on: string;
  reference: string;
  /** The installment it pays, '' for the unpaid ones in the order they fall due. */
  installment: string;
  note: string;
}

export const blankPayment = (kind: string, today: string): PaymentValues => ({
  kind: kind === 'refund' ? 'refund' : 'payment',
  amount: '',
  method: '',
  received_on: today,
  reference: '',
  installment: '',
  note: '',
});

export function paymentValuesPosted(body: Form): PaymentValues {
  return {
    kind: formText(body, 'kind'),
    amount: formText(body, 'amount').trim(),
    method: formText(body, 'method'),
    received_on: formText(body, 'received_on').trim(),
    reference: formText(body, 'reference'),
    installment: formText(body, 'installment'),
    note: formText(body, 'note'),
  };
}

/** An amount above 0 as typed, in minor units, or why it is not one (`missing`: what an empty one is told). */
export function positiveAmount(text: string, currency: string, missing: string): ReadAmount {
  if (text === '') return { problem: `${missing}, such as 500.` };
  const read = readAmount(text, currency);
  if (read.problem !== undefined) return read;
  if (read.minor <= 0 || read.minor > AMOUNT_LIMIT)
    return { problem: `An amount is above 0 and at most ${moneyText(AMOUNT_LIMIT, currency)}.` };
  return read;
}

const isKind = (v: string): v is PaymentKind => (PAYMENT_KINDS as readonly string[]).includes(v);
const isMethod = (v: string): v is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(v);

/** What the form asks of the rules, and what it could not read. */
export function paymentInput(
  values: PaymentValues,
  booking: { id: string; currency: string },
  day: { today: string; zone: string },
): { input: PaymentInput; unread: FieldErrors } {
  const unread: FieldErrors = {};
  if (!isKind(values.kind)) unread.kind = 'Choose whether money came in (a payment) or went back (a refund).';
  const amount = positiveAmount(
    values.amount,
    booking.currency,
    `A ${values.kind || 'payment'} needs an amount`,
  );
  if (amount.problem !== undefined) unread.amount = amount.problem;
  if (!isMethod(values.method))
    unread.method = 'Choose how it was paid: card, bank transfer, cash, check or other.';
  if (values.reference.trim().length > 200) unread.reference = 'A reference is at most 200 characters long.';
  if (values.note.trim().length > 4000) unread.note = 'A note is at most 4,000 characters long.';
  let receivedAt: string | undefined;
  if (!isDate(values.received_on)) {
    unread.received_on = 'Choose the day it was received, such as 2027-05-01.';
  } else if (values.received_on !== day.today) {
    // Another day than today: at its midday in the venue's time zone, well inside that day.
    receivedAt = new Date(zonedToUtc(`${values.received_on}T12:00`, day.zone)!).toISOString();
  }
  const input: PaymentInput = {
    bookingId: booking.id,
    installmentId: values.installment || null,
    kind: isKind(values.kind) ? values.kind : undefined,
    amount: amount.minor,
    method: isMethod(values.method) ? values.method : undefined,
    received_at: receivedAt,
    reference: values.reference,
    note: values.note,
  };
  return { input, unread };
}
