/**
 * Deleting a contact after the commit that asked for it, in steps (../follow-ups.ts): the bookings
 * naming the contact no longer name it, STEP_ROWS at a time; then the contact goes, with its notes,
 * told as `contact.deleted`.
 */
import { isoTime } from '../../clock.js';
import { nextVersionSql } from '../../db/column-types.js';
import { recordDeleted } from '../change-events.js';
import { findRow } from '../data/record-lookup.js';
import { type FollowUpSteps, STEP_ROWS } from '../follow-ups.js';
import { deleteNotesOf } from '../notes/index.js';
import { deleteRecord } from '../records.js';
import { contactDefinition } from './contact.resource.js';

export const contactDeletion: FollowUpSteps = {
  async step(trx, organizationId, contactId, now) {
    const chosen = trx
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('contact_id', '=', contactId)
      .limit(STEP_ROWS);
    const result = await trx
      .updateTable('bookings')
      .set({ contact_id: null, updated_at: nextVersionSql(trx, isoTime(now)) })
      .where('id', 'in', chosen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
  async finish(trx, organizationId, contactId, now) {
    const contact = await findRow(trx, contactDefinition, organizationId, contactId);
    if (!contact) return;
    // A booking that named it again while the steps ran is cleared here (a few at most).
    while ((await contactDeletion.step(trx, organizationId, contactId, now)) > 0);
    await deleteNotesOf(trx, 'contacts', contactId, now);
    await deleteRecord(trx, 'contacts', contact);
    await recordDeleted(trx, contactDefinition, contact, now);
  },
};
