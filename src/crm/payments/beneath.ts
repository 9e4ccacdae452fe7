/**
 * Payments' face for a booking's totals, which its aggregate keeps beneath the commands that mark
 * it touched: a booking's installments and the resources their changes are told as. Through
 * index.ts they would close an import circle with the commands (index → installments → the
 * booking's aggregate → its keeping → its totals → index).
 */
export { installmentDefinition } from './installment.resource.js';
export { paymentDefinition } from './payment.resource.js';
export { installmentsOf } from './schedule-keeping.js';
