/**
 * Writing contacts (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * contact-rules.ts; deleting a contact removes it from the bookings that named it and takes its
 * notes along.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../identity/actor.js';
import type { Work } from '../../writes/unit-of-work.js';
import { type BulkOutcome, type BulkRequest, insertAll, judgeAll, stamped } from '../bulk.js';
import { bookingDefinition } from '../bookings/booking.resource.js';
import { loadFacts, type VenueFacts } from '../facts.js';
import { deleteNotesOf } from '../notes/notes-of.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { changeEach } from '../records.js';
import { checkContact, type ContactInput } from './contact-rules.js';
import { bookingsNamingContact, EMPTY_CONTACT } from './contact.repository.js';
import { contactDefinition } from './contact.resource.js';
import type { ContactTable } from './contact.table.js';

export type { ContactInput } from './contact-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: ContactInput, current?: ContactTable) {
  const facts = await loadFacts(db, actor.organizationId, actor.userId, { accounts: [input.accountId] });
  return checkContact(input, current, facts);
}

/** Every problem of a contact input, writing nothing (forms, and the API's one 422 per bad field). */
export async function contactProblems(db: Db, actor: Actor, input: ContactInput, current?: ContactTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createContact = createCommand<'contacts', ContactInput>({
  definition: contactDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({ ...EMPTY_CONTACT, ...given }),
});

export const updateContact = updateCommand<'contacts', ContactInput>({
  definition: contactDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteContact = deleteCommand({
  definition: contactDefinition,
  async before({ trx, now }, current) {
    // The bookings that named it stay, without a contact.
    const bookings = await bookingsNamingContact(trx, current.id);
    await changeEach(trx, bookingDefinition, bookings, () => ({ contact_id: null }), now);
    await deleteNotesOf(trx, 'contacts', current.id, now);
  },
});

/** Contacts of an import: all judged first, written only when every one passes (../bulk.ts). */
export async function createContactsInBulk(
  work: Work,
  facts: VenueFacts,
  request: BulkRequest<ContactInput>,
): Promise<BulkOutcome<ContactTable>> {
  const { values, problems } = judgeAll(request, (input) => checkContact(input, undefined, facts));
  if (problems.length > 0 || !request.write) return { created: [], problems };
  const organizationId = work.actor.organizationId;
  const rows = values.map((changes) => stamped({ ...EMPTY_CONTACT, ...changes }, organizationId, work.now));
  await insertAll(work, contactDefinition, rows, request.progress);
  return { created: rows, problems };
}
