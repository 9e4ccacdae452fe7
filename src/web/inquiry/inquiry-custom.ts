/**
 * A venue's own fields on its public inquiry form (SPEC §19, §14): those of bookings and of
 * contacts marked to show there (and not archived), drawn and read by the workspace's one
 * renderer and reader (forms/custom-fields.*.ts): a booking's named `custom_fields/<key>`, a
 * contact's `contact_custom_fields/<key>`. Their values are judged by the API's rules before the
 * lead is made, each bad one beside its field; the lead's booking takes the booking's values, and
 * a contact the inquiry makes takes the contact's (one it reuses keeps its own).
 */
import { type CustomField, judgeValues } from '../../crm/custom-fields/index.js';
import type { Db } from '../../db/database.js';
import type { Form } from '../forms.js';
import {
  type CustomForm,
  customFormOf,
  customGiven,
  customName,
  typedFromPost,
  typedOf,
} from '../workspace/forms/custom-fields.form.js';

export const CONTACT_PREFIX = 'contact_custom_fields/';

/** The form's fields of bookings and of contacts, with what was typed. */
export interface InquiryCustom {
  booking: CustomForm;
  contact: CustomForm;
}

const onForm = (fields: readonly CustomField[]) =>
  fields.filter((f) => f.custom.onInquiryForm && !f.custom.archived);

/** The organization's fields the form shows, empty. */
export async function inquiryCustomOf(db: Db, organizationId: string): Promise<InquiryCustom> {
  const [bookings, contacts] = await Promise.all([
    customFormOf(db, organizationId, 'bookings'),
    customFormOf(db, organizationId, 'contacts'),
  ]);
  const booking = { ...bookings, fields: onForm(bookings.fields) };
  const contact = { ...contacts, fields: onForm(contacts.fields), prefix: CONTACT_PREFIX };
  return {
    booking: { ...booking, typed: typedOf(booking, undefined) },
    contact: { ...contact, typed: typedOf(contact, undefined) },
  };
}

/** One kind's values of a post, judged: what the lead is given, and each problem by its input. */
function posted(form: CustomForm, post: Form) {
  const typed = typedFromPost(form.fields, post, form.prefix);
  const read = customGiven({ ...form, typed }, undefined);
  // Its fields on the form are judged as a new record's: a required one left empty is named.
  const judged = judgeValues(form.fields, read.given, undefined);
  const errors = { ...read.errors };
  for (const p of judged.problems) {
    errors[customName((p.field ?? '').replace(/^custom_fields\//, ''), form.prefix)] ??= p.detail;
  }
  return { form: { ...form, typed }, given: read.given, errors };
}

/** A post's values of both kinds: the forms to show again, the lead's values, the problems. */
export function inquiryCustomPosted(custom: InquiryCustom, post: Form) {
  const booking = posted(custom.booking, post);
  const contact = posted(custom.contact, post);
  return {
    custom: { booking: booking.form, contact: contact.form },
    booking: booking.given,
    contact: contact.given,
    errors: { ...booking.errors, ...contact.errors },
  };
}

/** The names of the inputs, as a JSON post gives them (`?format=json` lists them). */
export const customNamesOf = (custom: InquiryCustom): string[] =>
  [custom.booking, custom.contact].flatMap((form) => form.fields.map((f) => customName(f.name, form.prefix)));
