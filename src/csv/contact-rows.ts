/** A contacts row read into the input of the API's rules (src/crm/contacts/contact-rules.ts). */
import { type ContactInput, ContactWriteAttributes } from '../crm/contacts/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { accountOf } from './references.js';
import type { RowErrors } from './row-errors.js';

export function contactInputOf(row: CsvRow, errors: RowErrors, facts: AllFacts): ContactInput {
  const reader = new RowReader(row, errors, ContactWriteAttributes);
  return {
    first_name: reader.text('first_name') ?? '',
    last_name: reader.text('last_name') ?? '',
    email: reader.text('email'),
    phone: reader.text('phone'),
    title: reader.text('title'),
    accountId: accountOf(reader, facts),
  };
}
