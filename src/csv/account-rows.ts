/** An accounts row read into the input of the API's rules (src/crm/accounts/account-rules.ts). */
import { ACCOUNT_TEXT_FIELDS, type AccountInput, AccountWriteAttributes } from '../crm/accounts/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { ownerOf } from './references.js';
import type { RowErrors } from './row-errors.js';

export function accountInputOf(row: CsvRow, errors: RowErrors, facts: AllFacts): AccountInput {
  const reader = new RowReader(row, errors, AccountWriteAttributes);
  const input: AccountInput = {
    name: reader.text('name') ?? '',
    email: reader.text('email'),
    country: reader.text('country'),
    ownerId: ownerOf(reader, facts),
  };
  for (const field of ACCOUNT_TEXT_FIELDS) input[field] = reader.text(field);
  return input;
}
