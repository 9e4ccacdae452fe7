/**
 * Notes (SPEC §5): the face the rest of the house uses (docs/decisions/0017-faces-codecs-and-fields.md):
 * their policy, their flag's codec, their commands, what goes with a deleted record, the notes
 * about a record as the pages show them, and the resource the pages look a note up by. The pages
 * still read a note's row, which the face names `NoteRow` for them.
 */
export { forBeoOf } from './note.codec.js';
export { NOTE_ACTIONS } from './note.policy.js';
export { createNote, deleteNote, type NoteInput, noteProblems, updateNote } from './note.commands.js';
export { deleteNotesOf } from './notes-of.js';
export { notesAbout, type NoteView } from './note.reads.js';
export { noteDefinition } from './note.resource.js';
export type { NotableType, NoteTable as NoteRow } from './note.table.js';
