/** A note's stored columns as the domain reads them: the one place its flag is decoded. */
import { flag } from '../data/row-mappers.js';
import type { NoteTable } from './note.table.js';

/** Whether the note is printed on the banquet event orders, from its column. */
export const forBeoOf = (note: Pick<NoteTable, 'for_beo'>): boolean => flag(note.for_beo);
