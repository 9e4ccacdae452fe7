/**
 * Writing contacts (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * contact-rules.ts; deleting a contact removes it from the bookings that named it (after the
 * commit, in steps: ../follow-ups.ts) and takes its notes along.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../identity/actor.js';
import type { Command, Removal, Work } from '../../writes/unit-of-work.js';
import { type BulkOutcome, type BulkRequest, insertAll, judgeAll, stamped } from '../bulk.js';
import { customFieldsOf, withCustomValues, withNewCustomValues } from '../custom-fields/index.js';
import { loadFacts, type VenueFacts } from '../facts.js';
import { leaveFollowUp, runFollowUp } from '../follow-ups.js';
import { createCommand, updateCommand } from '../record-commands.js';
import { recordToChange } from '../records.js';
import { contactDeletion } from './contact-deletion.js';
import { checkContact, type ContactInput } from './contact-rules.js';
import { EMPTY_CONTACT } from './contact.repository.js';
import { contactDefinition } from './contact.resource.js';
import type { ContactTable } from './contact.table.js';
import { CONTACT_ACTIONS } from './contact.policy.js';

export type { ContactInput } from './contact-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: ContactInput, current?: ContactTable) {
  const facts = await loadFacts(db, actor.organizationId, actor.userId, { accounts: [input.accountId] });
  const checked = checkContact(input, current, facts);
  return withCustomValues(db, checked, {
    organizationId: actor.organizationId,
    door: actor.door,
    recordType: 'contacts',
    given: input.custom_fields,
    current,
  });
}

/** Every problem of a contact input, writing nothing (forms, and the API's one 422 per bad field). */
export async function contactProblems(db: Db, actor: Actor, input: ContactInput, current?: ContactTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createContact = createCommand<'contacts', ContactInput>({
  action: CONTACT_ACTIONS.create,
  definition: contactDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({ ...EMPTY_CONTACT, ...given }),
});

export const updateContact = updateCommand<'contacts', ContactInput>({
  action: CONTACT_ACTIONS.update,
  definition: contactDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

/**
 * Deletes a contact: the bookings that named it stay, without a contact. The unit of work checks
 * the contact (404, If-Match) and leaves the deletion to do after its commit, in short steps
 * (../follow-ups.ts): the bookings are cleared, then the contact and its notes go.
 */
export const deleteContact: Command<Removal, void> = {
  action: CONTACT_ACTIONS.delete,
  async run({ trx, actor, now, afterCommit }, { id, ifMatch }) {
    const current = await recordToChange(trx, contactDefinition, actor.organizationId, id, ifMatch);
    const followUp = await leaveFollowUp(trx, current.organization_id, 'delete_contact', current.id, now);
    afterCommit.push((writer) => runFollowUp(writer, followUp, contactDeletion));
  },
};

/** Contacts of an import: all judged first, written only when every one passes (../bulk.ts). */
export async function createContactsInBulk(
  work: Work,
  facts: VenueFacts,
  request: BulkRequest<ContactInput>,
): Promise<BulkOutcome<ContactTable>> {
  const organizationId = work.actor.organizationId;
  const { fields } = await customFieldsOf(work.trx, organizationId, 'contacts');
  const { values, problems } = judgeAll(request, (input) =>
    withNewCustomValues(checkContact(input, undefined, facts), fields, input.custom_fields),
  );
  if (problems.length > 0 || !request.write) return { created: [], problems };
  const rows = values.map((changes) => stamped({ ...EMPTY_CONTACT, ...changes }, organizationId, work.now));
  await insertAll(work, contactDefinition, rows, request.progress);
  return { created: rows, problems };
}
