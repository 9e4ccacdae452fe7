/**
 * An account as the domain knows it, and its codec: the row of `accounts` read into the value and
 * a change of the value written back as columns. Its custom fields' values stay as `custom_fields`
 * keeps them: the custom fields' face reads that JSON for every kind (storedValuesOf, shownValues),
 * and no other code does. The row type never leaves this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { ACCOUNT_FIELDS } from './account.fields.js';

/** The columns of `accounts`. */
export type AccountTable = {
  id: string;
  organization_id: string;
  /** JSON object of the values of the organization's custom fields of accounts, by key (SPEC §19). */
  custom_fields: string;
} & StoredColumns<typeof ACCOUNT_FIELDS>;

/** An account (a company, or the people who book), as every door and rule sees it. */
export type Account = {
  id: string;
  organizationId: string;
  /** Its custom fields' values, as `custom_fields` keeps them (read through the custom fields' face). */
  customFields: string;
} & StoredValues<typeof ACCOUNT_FIELDS>;

/** What a change of an account sets. */
export type AccountChanges = Partial<Omit<Account, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>>;

/** A new account's values where a write gives none. */
export const NEW_ACCOUNT = {
  name: '',
  email: null,
  phone: null,
  website: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  ownerId: null,
  customFields: '{}',
} satisfies AccountChanges;

export const accountCodec = {
  decode(row: AccountTable): Account {
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...decodeStored(ACCOUNT_FIELDS, row),
      customFields: row.custom_fields,
    };
  },
  encode(changes: AccountChanges): Partial<AccountTable> {
    const columns: Partial<AccountTable> = encodeStored(ACCOUNT_FIELDS, changes);
    if (changes.customFields !== undefined) columns.custom_fields = changes.customFields;
    return columns;
  },
};
