/** Adding a note from a page: the note's rules, with the body's length checked as the API's schema does. */
import type { FastifyRequest } from 'fastify';
import { createNote, type NotableType, noteProblems } from '../../../crm/notes/index.js';
import { submit } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { visitorOf } from '../workspace-visitor.js';

export const MAX_NOTE_LENGTH = 65_536;

/** What the form cannot take: a body longer than the API's schema allows. */
export function noteLengthProblem(body: string): FieldErrors {
  return [...body].length > MAX_NOTE_LENGTH ? { body: 'A note holds at most 65,536 characters.' } : {};
}

/** Undefined when added; the field errors otherwise. */
export async function addNote(
  request: FastifyRequest,
  notableType: NotableType,
  notableId: string,
  body: string,
  forBeo = false,
): Promise<FieldErrors | undefined> {
  const input = { body, notable: { type: notableType, id: notableId }, ...(forBeo ? { for_beo: true } : {}) };
  const actor = visitorOf(request).actor;
  const outcome = await submit(request, createNote, input, noteLengthProblem(body), () =>
    noteProblems(request.ctx.db, actor, input),
  );
  return outcome.errors;
}
