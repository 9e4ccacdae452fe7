/**
 * Work a write leaves for after its commit, so that no write changes rows in proportion to what
 * refers to it while it holds the organization's write lock. Deleting a contact named by 50,000
 * bookings: the request's unit of work checks the contact (404, If-Match) and leaves the work; the
 * bookings are then cleared of the contact in steps of STEP_ROWS rows, each a short transaction
 * under the organization's write lock (a few milliseconds), with a turn of the event loop between
 * steps so other writes, of this organization and every other, go on meanwhile; a last short
 * transaction deletes the contact and its notes and tells `contact.deleted`. A cleared booking's
 * updated_at moves on (its ETag and every cached copy change with it); the deletion is the change
 * told. The request that leaves the work does it before it is answered (Work.afterCommit), so its
 * caller reads the contact gone and every booking cleared; the work's row stays until its last
 * step, and work cut short by a stop is finished when a server starts (`finishFollowUps`).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isoTime } from '../clock.js';
import { nextVersionSql } from '../db/column-types.js';
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { type Command, write, type Writer } from '../writes/unit-of-work.js';
import { findRow } from './data/record-lookup.js';
import { recordDeleted } from './change-events.js';
import { contactDefinition } from './contacts/contact.resource.js';
import { deleteNotesOf } from './notes/notes-of.js';
import { deleteRecord } from './records.js';
import { systemActor } from '../identity/actor.js';
import { SYSTEM_ACTIONS } from '../policy/system.policy.js';

/** Rows one step changes at most (a few milliseconds of the write lock). */
export const STEP_ROWS = 500;

interface FollowUp {
  id: string;
  organization_id: string;
  kind: string;
  subject_id: string;
}

interface Kind {
  /** One step: changes up to STEP_ROWS rows, and says how many it changed. */
  step(trx: Trx, organizationId: string, subjectId: string, now: number): Promise<number>;
  /** The last step, when no step changes anything more. */
  finish(trx: Trx, organizationId: string, subjectId: string, now: number): Promise<void>;
}

const KINDS: Readonly<Record<string, Kind>> = {
  /** The bookings naming the contact no longer name it; then the contact goes, with its notes. */
  delete_contact: {
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
      while ((await KINDS.delete_contact!.step(trx, organizationId, contactId, now)) > 0);
      await deleteNotesOf(trx, 'contacts', contactId, now);
      await deleteRecord(trx, 'contacts', contact);
      await recordDeleted(trx, contactDefinition, contact, now);
    },
  },
};

export type FollowUpKind = 'delete_contact';

/** Leaves work to do after the commit of `trx` (in it, so it exists exactly when the write does). */
export async function leaveFollowUp(
  trx: Trx,
  organizationId: string,
  kind: FollowUpKind,
  subjectId: string,
  now: number,
): Promise<FollowUp> {
  const row = { id: newId(now), organization_id: organizationId, kind, subject_id: subjectId };
  await trx
    .insertInto('follow_ups')
    .values({ ...row, created_at: isoTime(now) })
    .execute();
  return row;
}

/** Does the work in steps, each a unit of work of its own, then removes its row. */
export async function runFollowUp(writer: Writer, followUp: FollowUp): Promise<void> {
  const kind = KINDS[followUp.kind];
  const { organization_id: organizationId, subject_id: subjectId } = followUp;
  // The server's own hand: a follow-up finishes what an admin's or member's write began.
  const actor = systemActor(organizationId);
  const step: Command<undefined, number> = {
    action: SYSTEM_ACTIONS.follow_up,
    run: ({ trx, now }) => kind?.step(trx, organizationId, subjectId, now) ?? Promise.resolve(0),
  };
  while ((await write(writer, actor, step, undefined)) > 0) await nextTurn();
  const finish: Command<undefined, void> = {
    action: SYSTEM_ACTIONS.follow_up,
    async run({ trx, now }) {
      await kind?.finish(trx, organizationId, subjectId, now);
      await trx.deleteFrom('follow_ups').where('id', '=', followUp.id).execute();
    },
  };
  await write(writer, actor, finish, undefined);
}

/** The follow-ups left unfinished (by a stop), oldest first. */
export function unfinishedFollowUps(db: Db): Promise<FollowUp[]> {
  return db
    .selectFrom('follow_ups')
    .select(['id', 'organization_id', 'kind', 'subject_id'])
    .orderBy('id')
    .execute();
}

/** Finishes the follow-ups a stop cut short (when a server starts). */
export async function finishFollowUps(writer: Writer): Promise<void> {
  for (const followUp of await unfinishedFollowUps(writer.db)) await runFollowUp(writer, followUp);
}
