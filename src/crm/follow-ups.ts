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
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { type Command, write, type Writer } from '../writes/unit-of-work.js';
import { systemActor } from '../policy/actor.js';
import { SYSTEM_ACTIONS } from '../policy/system.policy.js';

/** Rows one step changes at most (a few milliseconds of the write lock). */
export const STEP_ROWS = 500;

interface FollowUp {
  id: string;
  organization_id: string;
  kind: string;
  subject_id: string;
}

/** What a kind of follow-up does (its kind's folder says: contacts/contact-deletion.ts). */
export interface FollowUpSteps {
  /** One step: changes up to STEP_ROWS rows, and says how many it changed. */
  step(trx: Trx, organizationId: string, subjectId: string, now: number): Promise<number>;
  /** The last step, when no step changes anything more. */
  finish(trx: Trx, organizationId: string, subjectId: string, now: number): Promise<void>;
}

/** The follow-ups there are, by kind (follow-up-kinds.ts gives each its steps). */
export type FollowUpKinds = Readonly<Record<FollowUpKind, FollowUpSteps>>;

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
export async function runFollowUp(
  writer: Writer,
  followUp: FollowUp,
  kind: FollowUpSteps | undefined,
): Promise<void> {
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
export async function finishFollowUps(writer: Writer, kinds: FollowUpKinds): Promise<void> {
  for (const followUp of await unfinishedFollowUps(writer.db))
    await runFollowUp(writer, followUp, (kinds as Readonly<Record<string, FollowUpSteps>>)[followUp.kind]);
}
