/**
 * The new booking form's new account and new contact with their custom fields (SPEC §19): the
 * inputs of each kind's fields under its part of the form (named `new_account_custom_fields/<key>`
 * and `new_contact_custom_fields/<key>`, as their problems are), and what a post gives the
 * parties, so that a required field of accounts or contacts is asked, not a wall.
 */
import type { Db } from '../../../db/database.js';
import type { Form } from '../../forms.js';
import {
  type CustomTyped,
  NEW_ACCOUNT_PREFIX,
  NEW_CONTACT_PREFIX,
  partyPosted,
} from '../forms/custom-fields.form.js';
import type { FieldErrors } from '../forms/form-fields.js';
import type { BookingFormValues } from './booking-form.page.js';
import { partiesInput } from './booking-input.js';

/** A new booking's new account's and new contact's custom fields, with the values typed. */
export async function partiesCustom(
  db: Db,
  org: string,
  values: { new_account_custom?: CustomTyped; new_contact_custom?: CustomTyped },
) {
  const [account, contact] = await Promise.all([
    partyPosted(db, org, 'accounts', undefined, NEW_ACCOUNT_PREFIX),
    partyPosted(db, org, 'contacts', undefined, NEW_CONTACT_PREFIX),
  ]);
  return {
    account: { ...account.custom, typed: values.new_account_custom ?? account.custom.typed },
    contact: { ...contact.custom, typed: values.new_contact_custom ?? contact.custom.typed },
  };
}

/**
 * The parties a post makes with their custom values, the typed values kept in `values` (to draw
 * the form again), and what the form could not read: of a party it does not make, nothing.
 */
export async function partiesPosted(
  db: Db,
  org: string,
  post: Form,
  form: { values: BookingFormValues; booking: Parameters<typeof partiesInput>[1]; unread: FieldErrors },
) {
  const account = await partyPosted(db, org, 'accounts', post, NEW_ACCOUNT_PREFIX);
  const contact = await partyPosted(db, org, 'contacts', post, NEW_CONTACT_PREFIX);
  form.values.new_account_custom = account.custom.typed;
  form.values.new_contact_custom = contact.custom.typed;
  const parties = partiesInput(form.values, form.booking, { account: account.given, contact: contact.given });
  const unread = {
    ...form.unread,
    ...(parties.newAccount || parties.newContact ? account.errors : {}),
    ...(parties.newContact ? contact.errors : {}),
  };
  return { parties, unread };
}
