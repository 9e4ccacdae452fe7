/**
 * The rules of a note (SPEC §5), one pure function over facts loaded first: a body with some
 * text; attached to a booking, account or contact of the same organization, for good; changed or
 * deleted only by its author or an organization admin.
 */
import { ForbiddenError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { type Checked, Problems } from '../validation.js';
import type { NotableType, NoteTable } from './note.table.js';

export interface NoteInput {
  body?: string | undefined;
  /** What it is about: given on create, never changed after. */
  notable?: { type: NotableType; id: string } | undefined;
}

export function checkNote(
  input: NoteInput,
  current: NoteTable | undefined,
  facts: { notableExists: boolean },
): Checked<Partial<Pick<NoteTable, 'body' | 'notable_type' | 'notable_id'>>> {
  const problems = new Problems();
  const changes: Partial<Pick<NoteTable, 'body' | 'notable_type' | 'notable_id'>> = {};
  if (input.body !== undefined || !current) {
    const body = input.body ?? '';
    if (body.trim() === '') problems.attribute('body', 'A note needs some text.', 'blank');
    problems.text('body', body, 'lines');
    changes.body = body;
  }
  if (current && input.notable !== undefined) {
    problems.add({
      field: 'notable',
      detail: 'A note stays with what it was written about; notable cannot change.',
      code: 'immutable',
      source: { pointer: '/data/relationships/notable' },
    });
  } else if (!current && input.notable && !facts.notableExists) {
    problems.add({
      field: 'notable',
      detail: `No ${input.notable.type} resource with the id "${input.notable.id}" exists in this organization.`,
      code: 'not_found',
      source: { pointer: '/data/relationships/notable/data/id' },
    });
  } else if (input.notable) {
    changes.notable_type = input.notable.type;
    changes.notable_id = input.notable.id;
  }
  return { value: changes, problems: problems.list };
}

/** Only the author of a note or an organization admin may change or delete it. */
export function allowNoteChange(actor: Actor, note: NoteTable): void {
  if (note.author_id !== actor.userId && actor.role !== 'admin') {
    throw new ForbiddenError(
      'Only the author of a note or an organization admin may change or delete it.',
      'not_author',
    );
  }
}
