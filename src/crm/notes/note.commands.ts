/**
 * Writing notes (SPEC §5), as units of work (src/writes/unit-of-work.ts): the rules of
 * note-rules.ts. A note only adds beside what it names, so its creates take the organization's
 * lock shared (src/db/organization-lock.ts): they run beside each other, never beside the
 * deletion of what they are about.
 */
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { recordCreated } from '../change-events.js';
import { deleteCommand, updateCommand } from '../record-commands.js';
import { idsInOrganization } from '../records.js';
import { refusalOfProblems } from '../validation.js';
import { allowNoteChange, checkNote, type NoteInput, notableOf } from './note-rules.js';
import { insertNote } from './note.repository.js';
import { noteDefinition } from './note.resource.js';
import type { NoteTable } from './note.table.js';
import { NOTE_ACTIONS } from './note.policy.js';

export type { NoteInput } from './note-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: NoteInput, current?: NoteTable) {
  const notable = notableOf(input);
  const notableExists =
    !current && notable !== undefined
      ? (await idsInOrganization(db, notable.type, actor.organizationId, [notable.id])).has(notable.id)
      : true;
  return checkNote(input, current, { notableExists });
}

/** Every problem of a note input, writing nothing (forms, and the API's one 422 per bad field). */
export async function noteProblems(db: Db, actor: Actor, input: NoteInput, current?: NoteTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createNote: Command<NoteInput, NoteTable | Refusal> = {
  action: NOTE_ACTIONS.create,
  lock: 'shared',
  async run({ trx, actor, now }, input) {
    const checked = await judged(trx, actor, input);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const { body = '', notable_type, notable_id, for_beo } = checked.value;
    const note = await insertNote(
      trx,
      {
        organizationId: actor.organizationId,
        // A note accepted on create always names what it is about.
        notableType: notable_type!,
        notableId: notable_id!,
        authorId: actor.userId,
        authorDoor: actor.door,
        body,
        forBeo: for_beo === 1,
      },
      isoTime(now),
    );
    await recordCreated(trx, noteDefinition, note, now);
    return note;
  },
};

export const updateNote = updateCommand<'notes', NoteInput>({
  action: NOTE_ACTIONS.update,
  definition: noteDefinition,
  allow: allowNoteChange,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteNote = deleteCommand({
  action: NOTE_ACTIONS.delete,
  definition: noteDefinition,
  allow: allowNoteChange,
});
