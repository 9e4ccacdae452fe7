/**
 * Writing contacts (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * contact-rules.ts, over the contact's value (contact.value.ts); deleting a contact removes it from
 * the bookings that named it (after the commit, in steps: ../follow-ups.ts) and takes its notes
 * along. Every refusal is returned.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command, Removal, Work } from '../../writes/unit-of-work.js';
import { type BulkOutcome, type BulkRequest, insertAll, judgeAll, stamped } from '../bulk.js';
import { customFieldsOf, withCustomValues, withNewCustomValues } from '../custom-fields/index.js';
import { loadFacts, type VenueFacts } from '../facts.js';
import { leaveFollowUp, runFollowUp } from '../follow-ups.js';
import type { Checked } from '../validation.js';
import { createValueCommand, toChange, updateValueCommand } from '../value-commands.js';
import { contactDeletion } from './contact-deletion.js';
import { checkContact, type ContactInput } from './contact-rules.js';
import { contactDefinition } from './contact.resource.js';
import {
  type Contact,
  type ContactChanges,
  contactCodec,
  type ContactTable,
  NEW_CONTACT,
} from './contact.value.js';
import { CONTACT_ACTIONS } from './contact.policy.js';

export type { ContactInput } from './contact-rules.js';

/** The columns of a contact an import makes, but those every record has (../bulk.ts stamps them). */
type NewContact = Omit<ContactTable, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

/** The rules' changes with the custom values' (their JSON, when any changed) as the value's. */
function asChanges({
  value: { custom_fields: customFields, ...changes },
  problems,
}: Checked<ContactChanges & { custom_fields?: string }>): Checked<ContactChanges> {
  return { value: customFields === undefined ? changes : { ...changes, customFields }, problems };
}

async function judged(db: Db | Trx, actor: Actor, input: ContactInput, current?: Contact) {
  const facts = await loadFacts(db, actor.organizationId, actor.userId, { accounts: [input.accountId] });
  const checked = checkContact(input, current, facts);
  const custom = await withCustomValues(db, checked, {
    organizationId: actor.organizationId,
    door: actor.door,
    recordType: 'contacts',
    given: input.custom_fields,
    current: current && { custom_fields: current.customFields },
  });
  return asChanges(custom);
}

/** Every problem of a contact input, writing nothing (forms, and the API's one 422 per bad field). */
export async function contactProblems(db: Db, actor: Actor, input: ContactInput, current?: Contact) {
  return (await judged(db, actor, input, current)).problems;
}

const KIND = { definition: contactDefinition, codec: contactCodec };

export const createContact = createValueCommand({
  ...KIND,
  action: CONTACT_ACTIONS.create,
  async check({ trx, actor }: Work, input: ContactInput) {
    const checked = await judged(trx, actor, input);
    return { value: { ...NEW_CONTACT, ...checked.value }, problems: checked.problems };
  },
});

export const updateContact = updateValueCommand({
  ...KIND,
  action: CONTACT_ACTIONS.update,
  check: ({ trx, actor }: Work, input: ContactInput, current: Contact) => judged(trx, actor, input, current),
});

/**
 * Deletes a contact: the bookings that named it stay, without a contact. The contact is checked
 * here (404, If-Match: returned) and the deletion left to do after the commit, in short steps
 * (../follow-ups.ts): the bookings are cleared, then the contact and its notes go.
 */
export const deleteContact: Command<Removal, undefined | Refusal> = {
  action: CONTACT_ACTIONS.delete,
  async run(work, removal) {
    const current = await toChange(work, contactDefinition, removal);
    if (isRefusal(current)) return current;
    const followUp = await leaveFollowUp(
      work.trx,
      current.organization_id,
      'delete_contact',
      current.id,
      work.now,
    );
    work.afterCommit.push((writer) => runFollowUp(writer, followUp, contactDeletion));
    return undefined;
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
  const rows = values.map(({ custom_fields: customFields, ...changes }) =>
    stamped(
      contactCodec.encode({ ...NEW_CONTACT, ...changes, customFields }) as NewContact,
      organizationId,
      work.now,
    ),
  );
  await insertAll(work, contactDefinition, rows, request.progress);
  return { created: rows, problems };
}
