/**
 * A contacts row by the API's rules (SPEC §7, contact.service.ts): a first or a last name, an
 * e-mail that is one, an account of the same organization (by id or by name) when given.
 */
import { ContactWriteAttributes } from '../crm/contacts/contact.bodies.js';
import type { ContactTable } from '../crm/contacts/contact.table.js';
import { isEmail } from '../crm/validation.js';
import { RowReader } from './cells.js';
import type { Lookups } from './lookups.js';
import type { CsvRow } from './read-rows.js';
import { accountOf } from './references.js';
import type { RowErrors } from './row-errors.js';
import type { NewRecord } from './stamp.js';

export function contactFromRow(
  row: CsvRow,
  errors: RowErrors,
  lookups: Lookups,
  stamp: NewRecord,
): ContactTable {
  const reader = new RowReader(row, errors, ContactWriteAttributes);
  const first = reader.text('first_name') ?? '';
  const last = reader.text('last_name') ?? '';
  if (first === '' && last === '') {
    reader.problem(
      row.cells.first_name !== undefined ? 'first_name' : 'last_name',
      'a contact needs a first or a last name',
    );
  }
  const email = reader.text('email');
  if (email !== null && !isEmail(email)) reader.problem('email', `"${email}" is not an e-mail address`);
  return {
    ...stamp(),
    account_id: accountOf(reader, lookups, false),
    first_name: first,
    last_name: last,
    email,
    phone: reader.text('phone'),
    title: reader.text('title'),
  };
}
