/**
 * Writing accounts (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * account-rules.ts; an account with bookings cannot be deleted (409 has_dependents); deleting one
 * takes its notes along and leaves its contacts without an account.
 */
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import type { Work } from '../../writes/unit-of-work.js';
import { type BulkOutcome, type BulkRequest, insertAll, judgeAll, stamped } from '../bulk.js';
import { contactDefinition } from '../contacts/index.js';
import { customFieldsOf, withCustomValues, withNewCustomValues } from '../custom-fields/index.js';
import { loadFacts, type VenueFacts } from '../facts.js';
import { deleteNotesOf } from '../notes/notes-of.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { changeEach } from '../records.js';
import { type AccountInput, checkAccount, ownerNamed } from './account-rules.js';
import { contactsOfAccount, countBookingsOfAccount, EMPTY_ACCOUNT } from './account.repository.js';
import { accountDefinition } from './account.resource.js';
import type { AccountTable } from './account.value.js';
import { ACCOUNT_ACTIONS } from './account.policy.js';

export type { AccountInput } from './account-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: AccountInput, current?: AccountTable) {
  const owner = ownerNamed(input.ownerId, !current, actor.userId);
  const facts = await loadFacts(db, actor.organizationId, actor.userId, { members: [owner] });
  const checked = checkAccount(input, current, facts);
  return withCustomValues(db, checked, {
    organizationId: actor.organizationId,
    door: actor.door,
    recordType: 'accounts',
    given: input.custom_fields,
    current,
  });
}

/** Every problem of an account input, writing nothing (forms, and the API's one 422 per bad field). */
export async function accountProblems(db: Db, actor: Actor, input: AccountInput, current?: AccountTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createAccount = createCommand<'accounts', AccountInput>({
  action: ACCOUNT_ACTIONS.create,
  definition: accountDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({ ...EMPTY_ACCOUNT, name: '', ...given }),
});

export const updateAccount = updateCommand<'accounts', AccountInput>({
  action: ACCOUNT_ACTIONS.update,
  definition: accountDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteAccount = deleteCommand({
  action: ACCOUNT_ACTIONS.delete,
  definition: accountDefinition,
  async before({ trx, now }, current) {
    const bookings = await countBookingsOfAccount(trx, current.id);
    if (bookings > 0) {
      throw new ConflictError(
        `This account has ${bookings} booking${bookings === 1 ? '' : 's'}; delete them or give them another account first.`,
        'has_dependents',
      );
    }
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
  const rows = values.map((changes) =>
    stamped({ ...EMPTY_ACCOUNT, name: '', ...changes }, organizationId, work.now),
  );
  await insertAll(work, accountDefinition, rows, request.progress);
  return { created: rows, problems };
}
