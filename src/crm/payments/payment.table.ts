import type { Selectable } from 'kysely';
import type { InstallmentState } from './schedule.js';

/** One part of a booking's payment schedule (SPEC §12): "Deposit", 50% six weeks before, the rest. */
export interface InstallmentTable {
  id: string;
  organization_id: string;
  booking_id: string;
  label: string;
  /** Exactly one of: a fixed amount (minor units), a percentage of the grand total, or the remainder (1). */
  amount: number | null;
  percentage: string | null;
  remainder: number;
  /** Exactly one of: a date (YYYY-MM-DD), days before the first event, or on signing (1). */
  due_date: string | null;
  due_days_before: number | null;
  due_on_signing: number;
  /** Its order in the schedule (ascending). */
  position: number;
  /** Resolved (src/crm/payments/schedule.ts), kept up to date with the booking and its payments. */
  amount_due: number;
  due_on: string | null;
  paid_amount: number;
  state: InstallmentState;
  created_at: string;
  updated_at: string;
}

export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash', 'check', 'other'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Money received for a booking, or given back (SPEC §12). */
export interface PaymentTable {
  id: string;
  organization_id: string;
  booking_id: string;
  /** The installment it pays; null: the unpaid ones in the order they fall due, due on signing first. */
  installment_id: string | null;
  kind: PaymentKind;
  /** Minor units of the booking's currency, > 0. */
  amount: number;
  method: PaymentMethod;
  received_at: string;
  /** A payment processor's id, unique in the organization when given. */
  reference: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export type Installment = Selectable<InstallmentTable>;
export type Payment = Selectable<PaymentTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    installments: InstallmentTable;
    payments: PaymentTable;
  }
}
