/** Accounts: list and search, one account, create, edit, delete (refused while it has bookings), notes. */
import {
  type Account,
  accountCodec,
  accountDefinition,
  type AccountInput,
  accountProblems,
  accountsPage,
  createAccount,
  deleteAccount,
  updateAccount,
} from '../../../crm/accounts/index.js';
import { bookingsOf } from '../../../crm/bookings/index.js';
import { contactChoices } from '../../../crm/contacts/index.js';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';
import { userNames } from '../../../identity/user.repository.js';
import {
  ACCOUNT_LABELS,
  type AccountFormValues,
  accountFormPage,
  DECLARED,
  FORM_FIELDS,
} from './account-form.page.js';
import { fieldInput, fieldTexts } from '../forms/declared-fields.view.js';
import { staleNotice } from '../forms/stale.view.js';
import { accountPage, accountsListPage } from './accounts.page.js';
import { type FormValues, recordRoutes } from '../forms/record-routes.js';

export const accountRoutes = recordRoutes<'accounts', AccountInput, Account>({
  kind: 'accounts',
  definition: accountDefinition,
  decode: accountCodec.decode,
  commands: { create: createAccount, update: updateAccount, remove: deleteAccount },
  problems: accountProblems,
  page: accountsPage,
  fields: FORM_FIELDS,
  blank: (v) => ({ ...Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])), owner: v.user.id }),
  valuesOf: (a) => ({
    name: a.name,
    email: a.email ?? '',
    phone: a.phone ?? '',
    website: a.website ?? '',
    address_line1: a.addressLine1 ?? '',
    address_line2: a.addressLine2 ?? '',
    city: a.city ?? '',
    region: a.region ?? '',
    postal_code: a.postalCode ?? '',
    country: a.country ?? '',
    owner: a.ownerId ?? '',
    ...fieldTexts(DECLARED, a),
  }),
  input: ({ owner, ...values }: FormValues): AccountInput => ({
    ...values,
    ...fieldInput(DECLARED, values),
    ownerId: owner || null,
  }),
  nameOf: (a) => a.name,
  deletion:
    'An account with bookings cannot be deleted. Its notes are deleted with it; its contacts stay, without an account.',
  listPage: async (_db, v, view) => accountsListPage(v, view),
  async formPage(db, v, view) {
    const members = await listMembersOfOrganization(db, v.organization.organizationId);
    const values = view.values as AccountFormValues;
    const names = new Map(members.map((m) => [m.userId, m.name || m.email]));
    const stale =
      view.saved &&
      staleNotice(view.saved, view.values, ACCOUNT_LABELS, (_f, id) => names.get(String(id)) ?? String(id));
    const { errors, custom } = view;
    return accountFormPage(v, { account: view.record, values, errors, members, stale, custom });
  },
  async detailPage(db, v, account, { notice, notes, custom }) {
    const org = v.organization.organizationId;
    const [owners, contacts, bookings] = await Promise.all([
      userNames(db, [account.ownerId]),
      contactChoices(db, org, account.id),
      bookingsOf(db, org, 'account_id', account.id),
    ]);
    const owner = account.ownerId ? owners.get(account.ownerId) : undefined;
    return accountPage(v, { account, owner, contacts, bookings, notes, notice, custom });
  },
});
