/**
 * An accounts row by the API's rules (SPEC §7, account.service.ts): a name, an e-mail that is
 * one, an ISO 3166-1 country, an owner who is a member of the organization.
 */
import { AccountWriteAttributes } from '../crm/accounts/account.bodies.js';
import type { AccountTable } from '../crm/accounts/account.table.js';
import { isCountry as isCountryCode, isEmail } from '../crm/validation.js';
import { RowReader } from './cells.js';
import type { Lookups } from './lookups.js';
import type { CsvRow } from './read-rows.js';
import { ownerOf } from './references.js';
import type { RowErrors } from './row-errors.js';
import type { NewRecord } from './stamp.js';
import { remembered } from './memo.js';

const isCountry = remembered(isCountryCode);

export function accountFromRow(
  row: CsvRow,
  errors: RowErrors,
  lookups: Lookups,
  stamp: NewRecord,
): AccountTable {
  const reader = new RowReader(row, errors, AccountWriteAttributes);
  const name = reader.text('name');
  if (name === null) reader.problem('name', 'an account needs a name');
  const email = reader.text('email');
  if (email !== null && !isEmail(email)) reader.problem('email', `"${email}" is not an e-mail address`);
  const country = reader.text('country')?.toUpperCase() ?? null;
  if (country !== null && !isCountry(country)) {
    reader.problem('country', `"${country}" is not an ISO 3166-1 country code such as US or DE`);
  }
  return {
    ...stamp(),
    owner_id: ownerOf(reader, lookups),
    name: name ?? '',
    email,
    phone: reader.text('phone'),
    website: reader.text('website'),
    address_line1: reader.text('address_line1'),
    address_line2: reader.text('address_line2'),
    city: reader.text('city'),
    region: reader.text('region'),
    postal_code: reader.text('postal_code'),
    country,
  };
}
