/**
 * Inquiries from the venue's public form (SPEC §14): the one face its door uses
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the form's settings and their rules, the
 * guard against robots (the token, the honeypot, the throttle), the use of a token and the command
 * that takes an inquiry as a lead.
 */
export { INQUIRY_ACTIONS } from './inquiry.policy.js';
export {
  checkInquiryForm,
  DEFAULT_INQUIRY_FORM,
  type InquiryForm,
  type InquiryFormInput,
  inquiryFormOf,
  originOf,
} from './inquiry-form.js';
export {
  formToken,
  HONEYPOT,
  InquiryThrottle,
  MIN_FILL_MS,
  servedAtOf,
  THROTTLE,
  TOKEN_LIFETIME_MS,
  tokenProblem,
} from './inquiry-guard.js';
export { type InquiryVenue, inquiryVenueOf } from './inquiry-venue.js';
export { formTokenUsed, TOKEN_USED, useFormToken } from './inquiry-tokens.js';
export { type Inquiry, takeInquiry } from './inquiry.command.js';
