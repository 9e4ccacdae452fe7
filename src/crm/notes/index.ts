/**
 * Notes (SPEC §5): the face the rest of the house uses (docs/decisions/0017-faces-codecs-and-fields.md):
 * their value and its codec, their policy, their commands, what goes with a deleted record, the
 * notes about a record as the pages show them, one note as its value with its version, and the
 * resource. The row type never leaves this folder.
 */
export { type Note, noteCodec } from './note.codec.js';
export { NOTE_ACTIONS } from './note.policy.js';
export { createNote, deleteNote, type NoteInput, noteProblems, updateNote } from './note.commands.js';
export { deleteNotesOf } from './notes-of.js';
export { bookingNotes, findNote, noteChangeProblems, notesAbout, type NoteView } from './note.reads.js';
export { noteDefinition } from './note.resource.js';
export type { NotableType } from './note.table.js';
