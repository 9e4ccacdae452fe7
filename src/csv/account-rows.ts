/** An accounts row read into the input of the API's rules (src/crm/accounts/account-rules.ts). */
import { ACCOUNT_FIELDS, type AccountInput, AccountWriteAttributes } from '../crm/accounts/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import { plainFields } from '../crm/given-values.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { ownerOf } from './references.js';
import type { RowErrors } from './row-errors.js';

export function accountInputOf(row: CsvRow, errors: RowErrors, facts: AllFacts): AccountInput {
  const reader = new RowReader(row, errors, AccountWriteAttributes);
  const read: AccountInput = {
    name: reader.text('name') ?? '',
    email: reader.text('email'),
    country: reader.text('country'),
    ownerId: ownerOf(reader, facts),
  };
  // The columns of the fields read above by no name of their own, each as its declaration says.
  const plain = plainFields(ACCOUNT_FIELDS, Object.keys(read)).filter((f) => f.csv);
  return { ...read, ...Object.fromEntries(plain.map((f) => [f.name, reader.field(f)])) };
}
