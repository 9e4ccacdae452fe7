/**
 * A venue's own fields on its public inquiry form (SPEC §19, §14): those of bookings and of
 * contacts marked to show there (and not archived), drawn and read by the workspace's one
 * renderer and reader (forms/custom-fields.*.ts), each control named `custom.<key>` as §19 names
 * it. A JSON post sends them as `custom_fields: {<key>: value}`, read here into the same names.
 * Their values are judged by the API's rules before the lead is made, each bad one beside its
 * field; the lead's booking takes the bookings fields' values, and a contact the inquiry makes
 * takes the contacts fields' (one it reuses keeps its own).
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

/** What each custom control's name begins with (SPEC §19). */
export const CUSTOM_PREFIX = 'custom.';

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
  const booking = { ...bookings, fields: onForm(bookings.fields), prefix: CUSTOM_PREFIX };
  const contact = { ...contacts, fields: onForm(contacts.fields), prefix: CUSTOM_PREFIX };
  return {
    booking: { ...booking, typed: typedOf(booking, undefined) },
    contact: { ...contact, typed: typedOf(contact, undefined) },
  };
}

/**
 * The contacts fields the form draws: those whose key no bookings field on the form has. A key
 * both kinds share is one control, `custom.<key>`, drawn as the bookings field; its value is
 * read for both and judged by each kind's own rules, so it sets the booking's and the contact's.
 */
export function contactDrawn(custom: InquiryCustom | undefined): CustomForm | undefined {
  if (!custom) return undefined;
  const shared = new Set(custom.booking.fields.map((f) => f.name));
  return { ...custom.contact, fields: custom.contact.fields.filter((f) => !shared.has(f.name)) };
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

/** A JSON value as the form's reader takes it: text, a list of texts, or why it cannot be one. */
function asTyped(value: unknown): string | string[] | { error: string } {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return { error: 'A value is text, a number, true or false, or a list of texts.' };
}

/**
 * A JSON post's `custom_fields` object as the form's controls (`custom.<key>`), and the problems of
 * what is not one: a `custom_fields` that is not an object, a key no field on the form has.
 */
export function jsonCustomPost(custom: InquiryCustom, body: unknown) {
  const given = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values = given.custom_fields ?? {};
  const post: Form = {};
  const errors: Record<string, string> = {};
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    errors.custom_fields = 'custom_fields is an object of the values by each field’s key.';
    return { post, errors };
  }
  const keys = new Set([...custom.booking.fields, ...custom.contact.fields].map((f) => f.name));
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    const name = customName(key, CUSTOM_PREFIX);
    const typed = asTyped(value);
    if (!keys.has(key)) errors[name] = `No field of this form has the key "${key}".`;
    else if (typeof typed === 'object' && !Array.isArray(typed)) errors[name] = typed.error;
    else post[name] = typed;
  }
  return { post, errors };
}

/** A post's values of both kinds: the forms to show again, the lead's values, the problems. */
export function inquiryCustomPosted(custom: InquiryCustom, body: unknown, json: boolean) {
  const read = json ? jsonCustomPost(custom, body) : { post: (body ?? {}) as Form, errors: {} };
  const booking = posted(custom.booking, read.post);
  const contact = posted(custom.contact, read.post);
  return {
    custom: { booking: booking.form, contact: contact.form },
    booking: booking.given,
    contact: contact.given,
    // A shared key's control shows the bookings field's problem first.
    errors: { ...contact.errors, ...booking.errors, ...read.errors },
  };
}
