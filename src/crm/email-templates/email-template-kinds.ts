/**
 * What an e-mail template is for (SPEC §17): a mail written by hand, and the moments of a sale a
 * venue writes to its client at — an inquiry answered, a proposal signed, a payment received or
 * due, a proposal followed up, a client thanked after the event. A kind says where a template is offered first; several templates
 * may share one.
 */
export const EMAIL_TEMPLATE_KINDS = [
  'general',
  'inquiry_acknowledgement',
  'signing_confirmation',
  'payment_receipt',
  'payment_reminder',
  'follow_up',
  'thank_you',
] as const;

export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

/** The parts of an e-mail template, in the order they render (one set of bounds for both). */
export const EMAIL_PARTS = ['subject', 'body'] as const;
export type EmailPart = (typeof EMAIL_PARTS)[number];
