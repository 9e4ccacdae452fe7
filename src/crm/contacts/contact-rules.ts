/**
 * The rules of a contact's fields (SPEC §7), one pure function over facts loaded first
 * (../facts.ts): a first or a last name, a valid e-mail when given, and an account of the same
 * organization when given.
 */
import type { VenueFacts } from '../facts.js';
import { type Checked, isEmail, optionalText, Problems } from '../validation.js';
import type { ContactTable } from './contact.value.js';

/** What a create or an update may set; undefined leaves a field as it is. */
export interface ContactInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  title?: string | null | undefined;
  accountId?: string | null | undefined;
  custom_fields?: Readonly<Record<string, unknown>> | undefined; // only the keys it changes (SPEC §19)
}

/** The columns a write sets. */
export type ContactColumns = {
  -readonly [
    Column in Exclude<keyof ContactTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>
  ]?: ContactTable[Column];
};

export function checkContact(
  input: ContactInput,
  current: ContactTable | undefined,
  facts: VenueFacts,
): Checked<ContactColumns> {
  const problems = new Problems();
  const changes: ContactColumns = {};
  for (const field of ['first_name', 'last_name'] as const) {
    const value = input[field] ?? (current ? undefined : '');
    if (value !== undefined) changes[field] = value.trim();
    problems.text(field, changes[field], 'name');
  }
  const first = changes.first_name ?? current?.first_name ?? '';
  const last = changes.last_name ?? current?.last_name ?? '';
  if (first === '' && last === '') {
    problems.attribute(
      input.first_name !== undefined || !current ? 'first_name' : 'last_name',
      'A contact needs a first or a last name.',
      'blank',
    );
  }
  if (input.email !== undefined) {
    const email = optionalText(input.email);
    if (email !== null && !isEmail(email))
      problems.attribute('email', `"${email}" is not an e-mail address.`);
    changes.email = email;
  }
  if (input.phone !== undefined) changes.phone = optionalText(input.phone);
  if (input.title !== undefined) changes.title = optionalText(input.title);
  for (const field of ['email', 'phone', 'title'] as const) problems.text(field, input[field]);
  if (input.accountId !== undefined) {
    const accountId = input.accountId;
    if (accountId !== null && !facts.hasAccount(accountId)) {
      problems.relationship(
        'account',
        `No account with the id "${accountId}" exists in this organization.`,
        'not_found',
      );
    }
    changes.account_id = accountId;
  }
  return { value: changes, problems: problems.list };
}
