/** A contacts row read into the input of the API's rules (src/crm/contacts/contact-rules.ts). */
import { CONTACT_FIELDS, type ContactInput, ContactWriteAttributes } from '../crm/contacts/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import { plainFields } from '../crm/given-values.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { accountOf } from './references.js';
import type { RowErrors } from './row-errors.js';

export function contactInputOf(row: CsvRow, errors: RowErrors, facts: AllFacts): ContactInput {
  const reader = new RowReader(row, errors, ContactWriteAttributes);
  const read: ContactInput = {
    first_name: reader.text('first_name') ?? '',
    last_name: reader.text('last_name') ?? '',
    email: reader.text('email'),
  };
  // The columns of the fields read above by no name of their own, each as its declaration says.
  const plain = plainFields(CONTACT_FIELDS, Object.keys(read)).filter((f) => f.csv);
  const given = Object.fromEntries(plain.map((f) => [f.name, reader.field(f)]));
  return { ...read, ...given, accountId: accountOf(reader, facts) };
}
