/** Adding a note from a page: the service's rules, with the body's length checked as the API's schema does. */
import type { RequestContext } from '../../app-context.js';
import { createNote } from '../../crm/notes/note.service.js';
import type { NotableType } from '../../crm/notes/note.table.js';
import { fieldErrorsOf } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import type { WorkspaceVisitor } from './workspace-visitor.js';

export const MAX_NOTE_LENGTH = 65_536;

export function noteBodyProblem(body: string): FieldErrors | undefined {
  if (body.trim() === '') return { body: 'A note needs some text.' };
  if ([...body].length > MAX_NOTE_LENGTH) return { body: 'A note holds at most 65,536 characters.' };
  return undefined;
}

/** Undefined when added; the field errors otherwise. */
export async function addNote(
  ctx: RequestContext,
  v: WorkspaceVisitor,
  notableType: NotableType,
  notableId: string,
  body: string,
): Promise<FieldErrors | undefined> {
  const problem = noteBodyProblem(body);
  if (problem) return problem;
  try {
    await ctx.db
      .transaction()
      .execute((trx) => createNote(trx, v.actor, { body, notableType, notableId }, ctx.now()));
    return undefined;
  } catch (error) {
    return fieldErrorsOf(error);
  }
}
