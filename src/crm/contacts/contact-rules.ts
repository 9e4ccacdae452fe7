/**
 * The rules of a contact's fields (SPEC §7), one pure function over the contact's value and facts
 * loaded first (../facts.ts): a first or a last name, a valid e-mail when given, and an account of
 * the same organization when given. What they return is the value's changes.
 */
import type { VenueFacts } from '../facts.js';
import { type Checked, isEmail, optionalText, Problems } from '../validation.js';
import { givenChanges, plainFields } from '../given-values.js';
import { CONTACT_FIELDS } from './contact.fields.js';
import type { Contact, ContactChanges } from './contact.value.js';

/** What a create or an update may set; undefined leaves a field as it is. */
export interface ContactInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | null | undefined;
  accountId?: string | null | undefined;
  custom_fields?: Readonly<Record<string, unknown>> | undefined; // only the keys it changes (SPEC §19)
  /** Each other field by its API name (phone, title…): null clears it. */
  readonly [attribute: string]: unknown;
}

/** The attributes of a contact its rules judge by name; its other fields as declared (given-values.ts). */
const RULED = ['first_name', 'last_name', 'email'];

const NAMES = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
] as const;

export function checkContact(
  input: ContactInput,
  current: Pick<Contact, 'firstName' | 'lastName'> | undefined,
  facts: VenueFacts,
): Checked<ContactChanges> {
  const problems = new Problems();
  const changes: ContactChanges = {};
  for (const [field, key] of NAMES) {
    const value = input[field] ?? (current ? undefined : '');
    if (value !== undefined) changes[key] = value.trim();
    problems.text(field, changes[key], 'name');
  }
  const first = changes.firstName ?? current?.firstName ?? '';
  const last = changes.lastName ?? current?.lastName ?? '';
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
  problems.text('email', input.email);
  // The fields no rule here names, written as declared (a new attribute needs no line here).
  const plain = givenChanges(plainFields(CONTACT_FIELDS, RULED), input, !current, problems);
  if (input.accountId !== undefined) {
    const accountId = input.accountId;
    if (accountId !== null && !facts.hasAccount(accountId)) {
      problems.relationship(
        'account',
        `No account with the id "${accountId}" exists in this organization.`,
        'not_found',
      );
    }
    changes.accountId = accountId;
  }
  return { value: { ...plain, ...changes }, problems: problems.list };
}
