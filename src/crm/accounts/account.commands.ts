/**
 * Writing accounts (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * account-rules.ts, over the account's value (account.value.ts); an account with bookings cannot
 * be deleted (409 has_dependents); deleting one takes its notes along and leaves its contacts
 * without an account. Every refusal is returned.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { refuse } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { type BulkOutcome, type BulkRequest, insertAll, judgeAll, stamped } from '../bulk.js';
import { contactDefinition } from '../contacts/index.js';
import { customFieldsOf, withCustomValues, withNewCustomValues } from '../custom-fields/index.js';
import { loadFacts, type VenueFacts } from '../facts.js';
import { deleteNotesOf } from '../notes/index.js';
import { changeEach } from '../records.js';
import type { Checked } from '../validation.js';
import { createValueCommand, deleteValueCommand, updateValueCommand } from '../value-commands.js';
import { type AccountInput, checkAccount, ownerNamed } from './account-rules.js';
import { contactsOfAccount, countBookingsOfAccount } from './account.repository.js';
import { accountDefinition } from './account.resource.js';
import {
  type Account,
  type AccountChanges,
  accountCodec,
  type AccountTable,
  NEW_ACCOUNT,
} from './account.value.js';
import { ACCOUNT_ACTIONS } from './account.policy.js';

export type { AccountInput } from './account-rules.js';

/** The columns of an account an import makes, but those every record has (../bulk.ts stamps them). */
type NewAccount = Omit<AccountTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

/** The rules' changes with the custom values' (their JSON, when any changed) as the value's. */
function asChanges({
  value: { custom_fields: customFields, ...changes },
  problems,
}: Checked<AccountChanges & { custom_fields?: string }>): Checked<AccountChanges> {
  return { value: customFields === undefined ? changes : { ...changes, customFields }, problems };
}

async function judged(db: Db | Trx, actor: Actor, input: AccountInput, current?: Account) {
  const owner = ownerNamed(input.ownerId, !current, actor.userId);
  const facts = await loadFacts(db, actor.organizationId, actor.userId, { members: [owner] });
  const checked = checkAccount(input, current, facts);
  const custom = await withCustomValues(db, checked, {
    organizationId: actor.organizationId,
    door: actor.door,
    recordType: 'accounts',
    given: input.custom_fields,
    current: current && { custom_fields: current.customFields },
  });
  return asChanges(custom);
}

/** Every problem of an account input, writing nothing (forms, and the API's one 422 per bad field). */
export async function accountProblems(db: Db, actor: Actor, input: AccountInput, current?: Account) {
  return (await judged(db, actor, input, current)).problems;
}

const KIND = { definition: accountDefinition, codec: accountCodec };

export const createAccount = createValueCommand({
  ...KIND,
  action: ACCOUNT_ACTIONS.create,
  async check({ trx, actor }: Work, input: AccountInput) {
    const checked = await judged(trx, actor, input);
    return { value: { ...NEW_ACCOUNT, ...checked.value }, problems: checked.problems };
  },
});

export const updateAccount = updateValueCommand({
  ...KIND,
  action: ACCOUNT_ACTIONS.update,
  check: ({ trx, actor }: Work, input: AccountInput, current: Account) => judged(trx, actor, input, current),
});

export const deleteAccount = deleteValueCommand({
  ...KIND,
  action: ACCOUNT_ACTIONS.delete,
  async refusal({ trx }, current) {
    const bookings = await countBookingsOfAccount(trx, current.id);
    if (bookings === 0) return undefined;
    return refuse({
      status: 409,
      code: 'has_dependents',
      detail: `This account has ${bookings} booking${bookings === 1 ? '' : 's'}; delete them or give them another account first.`,
    });
  },
  async beforeDelete({ trx, now }, current) {
    // Its contacts stay, without an account.
    const contacts = await contactsOfAccount(trx, current.id);
    await changeEach(trx, contactDefinition, contacts, () => ({ account_id: null }), now);
    await deleteNotesOf(trx, 'accounts', current.id, now);
  },
});

/** Accounts of an import: all judged first, written only when every one passes (../bulk.ts). */
export async function createAccountsInBulk(
  work: Work,
  facts: VenueFacts,
  request: BulkRequest<AccountInput>,
): Promise<BulkOutcome<AccountTable>> {
  const organizationId = work.actor.organizationId;
  const { fields } = await customFieldsOf(work.trx, organizationId, 'accounts');
  const { values, problems } = judgeAll(request, (input) =>
    withNewCustomValues(checkAccount(input, undefined, facts), fields, input.custom_fields),
  );
  if (problems.length > 0 || !request.write) return { created: [], problems };
  const rows = values.map(({ custom_fields: customFields, ...changes }) =>
    stamped(
      accountCodec.encode({ ...NEW_ACCOUNT, ...changes, customFields }) as NewAccount,
      organizationId,
      work.now,
    ),
  );
  await insertAll(work, accountDefinition, rows, request.progress);
  return { created: rows, problems };
}
