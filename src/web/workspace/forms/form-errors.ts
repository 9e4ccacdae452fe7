/**
 * A form's post, the same way on every page: what the form could not read is its own error; the
 * feature's rules (pure functions over the facts they load) judge the rest, so every bad field is
 * shown at once, beside its field, with the sentence the API gives; only input that passes them
 * is written, as one unit of work (src/writes/unit-of-work.ts). A save over a newer change comes
 * back as `stale`, for the form to show again with what was typed (stale.view.ts).
 */
import type { FastifyRequest } from 'fastify';
import { type FieldProblem, PreconditionFailedError } from '../../../errors.js';
import { type Command, write } from '../../../writes/unit-of-work.js';
import { html, type SafeHtml } from '../../html.js';
import type { FieldErrors } from './form-fields.js';
import { visitorOf } from '../workspace-visitor.js';

/** Field → the first message about it. */
export function fieldErrors(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    if (problem.field && !(problem.field in errors)) errors[problem.field] = problem.detail;
  }
  return errors;
}

/** The messages as sentences, for a refusal shown away from the fields. */
export function messagesOf(errors: FieldErrors): SafeHtml {
  return html`${Object.values(errors).map((m) => html`<p>${m}</p>`)}`;
}

export type Submitted<Result> =
  { written: Result; errors?: undefined; stale?: undefined } | { errors: FieldErrors; stale?: boolean };

/**
 * Writes `input` with `command` when neither the form (`unread`: the fields it could not read)
 * nor the rules (`problems`) find anything wrong; otherwise the errors to show, by field.
 */
export async function submit<Input, Result>(
  request: FastifyRequest,
  command: Command<Input, Result>,
  input: Input,
  unread: FieldErrors,
  problems: () => Promise<readonly FieldProblem[]>,
): Promise<Submitted<Result>> {
  const errors = { ...fieldErrors(await problems()), ...unread };
  if (Object.keys(errors).length > 0) return { errors };
  try {
    return { written: await write(request.ctx.app.writer, visitorOf(request).actor, command, input) };
  } catch (error) {
    // Saved over by someone else since the form was drawn: the form comes back (stale.view.ts).
    if (error instanceof PreconditionFailedError) return { errors: {}, stale: true };
    throw error;
  }
}
