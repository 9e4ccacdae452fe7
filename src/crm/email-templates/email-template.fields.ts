/**
 * An e-mail template's fields (SPEC §17), each declared once for every door (src/crm/data/fields.ts):
 * the API's attributes and the forms. A template is the venue's own words, never merged into
 * another template, and not a column of the CSV export.
 */
import { defineFields, field } from '../data/fields.js';
import { TEMPLATE_MAX_LENGTH } from '../documents/index.js';
import { EMAIL_TEMPLATE_KINDS } from './email-template-kinds.js';

/** The longest subject a template may have: a line a mail program shows whole, with merge fields. */
export const SUBJECT_MAX_LENGTH = 500;

const own = { csv: false, merge: false } as const;

export const EMAIL_TEMPLATE_FIELDS = defineFields({
  name: field('text', 'Name', {
    ...own,
    writable: true,
    form: true,
    description: 'Unique in the organization',
    limits: { minLength: 1, maxLength: 100 },
  }),
  kind: field('enum', 'Kind', {
    ...own,
    writable: true,
    form: true,
    values: EMAIL_TEMPLATE_KINDS,
    description:
      'What it is for: general, inquiry_acknowledgement, signing_confirmation, payment_receipt, payment_reminder or follow_up (default general); several templates may share a kind',
  }),
  subject: field('text', 'Subject', {
    ...own,
    writable: true,
    form: true,
    description:
      'One line of LiquidJS with the merge fields of documents (e.g. {{ booking.reference }}) and {{ portal_url }}',
    limits: { minLength: 1, maxLength: SUBJECT_MAX_LENGTH },
  }),
  body: field('long_text', 'Body', {
    ...own,
    writable: true,
    form: true,
    description:
      'Plain text in LiquidJS with the merge fields of documents (e.g. {{ contact.first_name }}, {{ totals.balance_due }}) and {{ portal_url }}, the link to the document a mail names (empty when it names none)',
    limits: { minLength: 1, maxLength: TEMPLATE_MAX_LENGTH },
  }),
  created_at: field('instant', 'Created', own),
  updated_at: field('instant', 'Updated', own),
});
