/** The notes written about a record go with it when it is deleted (SPEC §7). */
import type { Trx } from '../../db/database.js';
import { recordDeleted } from '../change-events.js';
import { noteDefinition } from './note.resource.js';
import type { NotableType } from './note.table.js';

/** Deletes the notes about a record that is being deleted, each told of as `note.deleted`. */
export async function deleteNotesOf(
  trx: Trx,
  notableType: NotableType,
  notableId: string,
  now: number,
): Promise<void> {
  const notes = await trx
    .deleteFrom('notes')
    .where('notable_type', '=', notableType)
    .where('notable_id', '=', notableId)
    .returningAll()
    .execute();
  for (const note of notes) await recordDeleted(trx, noteDefinition, note, now);
}
