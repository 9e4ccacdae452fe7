/**
 * Payments and installments (SPEC §12): the face the doors use, begun
 * (docs/decisions/0017-faces-codecs-and-fields.md). So far it holds their policy, which the pages
 * ask what to offer, and their values and codec; the rest of the kind is still reached through its
 * files until it moves here.
 */
export { INSTALLMENT_ACTIONS, PAYMENT_ACTIONS } from './payment.policy.js';
export {
  amountOf,
  dueDaysBeforeOf,
  installmentCodec,
  type InstallmentValue,
  isRemainderOf,
  owedOf,
  paymentCodec,
  type PaymentValue,
  installmentTermsOf,
  schedulePlaceOf,
} from './payment.codec.js';
