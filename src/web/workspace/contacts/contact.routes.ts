/** Contacts: list and search, one contact, create, edit, delete (its bookings keep going without it), notes. */
import { accountChoices, accountNames, findAccount } from '../../../crm/accounts/index.js';
import { bookingsOf } from '../../../crm/bookings/index.js';
import {
  type Contact,
  contactCodec,
  contactDefinition,
  type ContactInput,
  contactName,
  contactProblems,
  contactsPage,
  createContact,
  deleteContact,
  updateContact,
} from '../../../crm/contacts/index.js';
import {
  CONTACT_LABELS,
  contactFormPage,
  contactPage,
  contactsListPage,
  DECLARED,
  LAID_OUT,
} from './contacts.page.js';
import { fieldInput, fieldTexts } from '../forms/declared-fields.view.js';
import { staleNotice } from '../forms/stale.view.js';
import { type FormValues, recordRoutes } from '../forms/record-routes.js';

const FIELDS = [...LAID_OUT, 'account', ...DECLARED.map((f) => f.name)];

export const contactRoutes = recordRoutes<'contacts', ContactInput, Contact>({
  kind: 'contacts',
  definition: contactDefinition,
  decode: contactCodec.decode,
  commands: { create: createContact, update: updateContact, remove: deleteContact },
  problems: contactProblems,
  page: contactsPage,
  fields: FIELDS,
  blank: (_v, query) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, ''])), account: query.account ?? '' }),
  valuesOf: (c) => ({
    first_name: c.firstName,
    last_name: c.lastName,
    title: c.title ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    account: c.accountId ?? '',
    ...fieldTexts(DECLARED, c),
  }),
  input: ({ account, ...values }: FormValues): ContactInput => ({
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    title: values.title ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    ...fieldInput(DECLARED, values),
    accountId: account || null,
  }),
  nameOf: contactName,
  deletion: 'The bookings that name this contact keep going without one; its notes are deleted with it.',
  async listPage(db, v, view) {
    const names = await accountNames(
      db,
      v.organization.organizationId,
      view.rows.map((c) => c.accountId),
    );
    return contactsListPage(v, { ...view, accountNames: names });
  },
  async formPage(db, v, view) {
    const accounts = await accountChoices(db, v.organization.organizationId);
    const names = new Map(accounts.map((a) => [a.id, a.name]));
    const stale =
      view.saved &&
      staleNotice(view.saved, view.values, CONTACT_LABELS, (_f, id) => names.get(String(id)) ?? String(id));
    return contactFormPage(v, {
      contact: view.record,
      values: view.values,
      errors: view.errors,
      accounts,
      stale,
      custom: view.custom,
    });
  },
  async detailPage(db, v, contact, { notice, notes, custom }) {
    const org = v.organization.organizationId;
    const [account, bookings] = await Promise.all([
      contact.accountId ? findAccount({ db }, org, contact.accountId) : undefined,
      bookingsOf(db, org, 'contact_id', contact.id),
    ]);
    return contactPage(v, { contact, account, bookings, notes, notice, custom });
  },
});
