/**
 * Payments and installments (SPEC §12): the face the rest of the house uses
 * (docs/decisions/0017-faces-codecs-and-fields.md): their policy, their values and codec, their
 * commands and the rules' input, a booking's schedule and payments as values, one installment with
 * its version, its states, the clock that moves installments on, and their resources. The row
 * types never leave this folder.
 */
export { INSTALLMENT_ACTIONS, PAYMENT_ACTIONS } from './payment.policy.js';
export {
  installmentCodec,
  type InstallmentValue,
  owedOf,
  paymentCodec,
  type PaymentValue,
} from './payment.codec.js';
export { PAYMENT_KINDS, PAYMENT_METHODS, type PaymentKind, type PaymentMethod } from './payment.table.js';
export type { InstallmentState } from './schedule.js';
export type { InstallmentInput } from './installment-rules.js';
export {
  createInstallment,
  deleteInstallment,
  installmentProblems,
  updateInstallment,
} from './installments.js';
export {
  createPayment,
  deletePayment,
  DuplicateReferenceError,
  firstWithReference,
  type PaymentInput,
  paymentProblems,
} from './payments.js';
export {
  findInstallment,
  installmentChangeProblems,
  paymentsListed,
  paymentsOf,
  scheduleOf,
} from './payment.reads.js';
export { installmentClockRecurrence } from './schedule-clock.js';
export { installmentDefinition } from './installment.resource.js';
export { paymentDefinition } from './payment.resource.js';
