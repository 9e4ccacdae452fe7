/**
 * The rules of an account's fields (SPEC §7), one pure function over the account's value and
 * facts loaded first (../facts.ts): a name is required, an e-mail must be one, a country is an ISO
 * 3166-1 code, the owner a member of the organization (by default whoever creates it). What they
 * return is the value's changes.
 */
import type { VenueFacts } from '../facts.js';
import { type Checked, isCountry, isEmail, optionalText, Problems } from '../validation.js';
import { givenChanges, plainFields } from '../given-values.js';
import { ACCOUNT_FIELDS } from './account.fields.js';
import type { Account, AccountChanges } from './account.value.js';

/** The attributes of an account its rules judge by name; its other fields as declared (given-values.ts). */
const RULED = ['name', 'email', 'country'];

/** What a create or an update may set; undefined leaves a field as it is. */
export type AccountInput = {
  name?: string | undefined;
  email?: string | null | undefined;
  country?: string | null | undefined;
  ownerId?: string | null | undefined;
  custom_fields?: Readonly<Record<string, unknown>> | undefined; // only the keys it changes (SPEC §19)
  /** Each other field by its API name (phone, website, the address…): null clears it. */
  readonly [attribute: string]: unknown;
};

/** The owner a write names: on create, the writer unless another (or none) is named. */
export function ownerNamed(
  requested: string | null | undefined,
  creating: boolean,
  actorId: string | null,
): string | null | undefined {
  return requested === undefined && creating ? actorId : requested;
}

/** The owner to store (undefined: unchanged), with a problem when it is no member. */
export function checkOwner(owner: string | null | undefined, facts: VenueFacts, problems: Problems) {
  if (owner && !facts.isMember(owner)) {
    problems.relationship('owner', `No member of this organization has the id "${owner}".`, 'not_found');
  }
  return owner;
}

export function checkAccount(
  input: AccountInput,
  current: Account | undefined,
  facts: VenueFacts,
): Checked<AccountChanges> {
  const problems = new Problems();
  const changes: AccountChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'An account needs a name.', 'blank');
    problems.text('name', name, 'name');
    changes.name = name;
  }
  if (input.email !== undefined) {
    const email = optionalText(input.email);
    if (email !== null && !isEmail(email))
      problems.attribute('email', `"${email}" is not an e-mail address.`);
    changes.email = email;
  }
  if (input.country !== undefined) {
    const country = optionalText(input.country)?.toUpperCase() ?? null;
    if (country !== null && !isCountry(country)) {
      problems.attribute('country', `"${country}" is not an ISO 3166-1 country code such as US or DE.`);
    }
    changes.country = country;
  }
  // The fields no rule here names, written as declared (a new attribute needs no line here).
  const plain = givenChanges(plainFields(ACCOUNT_FIELDS, RULED), input, !current, problems);
  problems.text('email', input.email);
  const owner = checkOwner(ownerNamed(input.ownerId, !current, facts.actorId), facts, problems);
  if (owner !== undefined) changes.ownerId = owner;
  return { value: { ...plain, ...changes }, problems: problems.list };
}
