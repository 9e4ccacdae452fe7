/**
 * A form's post, the same way on every page: what the form could not read is its own error; the
 * feature's rules (pure functions over the facts they load) judge the rest, so every bad field is
 * shown at once, beside its field, with the rule's sentence in the workspace's words; only input that passes them
 * is written, as one unit of work (src/writes/unit-of-work.ts). A save over a newer change comes
 * back as `stale`, for the form to show again with what was typed (stale.view.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FieldProblem } from '../../../errors.js';
import type { Refusal } from '../../../writes/refusal.js';
import { attempt, type Command, type Made } from '../../../writes/unit-of-work.js';
import { policyRefusal } from '../../../writes/permit.js';
import { html, type SafeHtml } from '../../html.js';
import type { FieldErrors } from './form-fields.js';
import { workspaceWords } from './problem-words.js';
import { visitorOf } from '../workspace-visitor.js';

/** Field → the first message about it, in the workspace's words (problem-words.ts). */
export function fieldErrors(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    if (problem.field && !(problem.field in errors)) errors[problem.field] = workspaceWords(problem);
  }
  return errors;
}

/** The messages as sentences, for a refusal shown away from the fields. */
export function messagesOf(errors: FieldErrors): SafeHtml {
  return html`${Object.values(errors).map((m) => html`<p>${m}</p>`)}`;
}

export type Submitted<Result> =
  | { written: Result; errors?: undefined; stale?: undefined; refusal?: undefined }
  | { errors: FieldErrors; stale?: boolean; refusal?: undefined };

/** A refusal of the command the form's page renders itself (a double booking, with its clash). */
export interface Refused {
  refusal: Refusal;
  written?: undefined;
  errors?: undefined;
  stale?: undefined;
}

/**
 * The policy's refusal of the visitor's `command` (src/writes/permit.ts), asked before a form's
 * rules: a post the visitor may not make learns nothing of the rules, and they read nothing for it.
 * The unit of work asks again when the command runs.
 */
export function forbiddenTo<Input>(
  request: FastifyRequest,
  command: Command<Input, unknown>,
  input: Input,
): Refusal | undefined {
  return policyRefusal(visitorOf(request).actor, command.action, command.subject?.(input), undefined);
}

/**
 * Writes `input` with `command` when neither the form (`unread`: the fields it could not read)
 * nor the rules (`problems`) find anything wrong; otherwise the errors to show, by field. A save
 * over a newer version comes back `stale`; any other refusal of the command as it is, to render.
 */
export async function attemptSubmit<Input, Result>(
  request: FastifyRequest,
  command: Command<Input, Result>,
  input: Input,
  unread: FieldErrors,
  problems: () => Promise<readonly FieldProblem[]>,
): Promise<Submitted<Made<Result>> | Refused> {
  const forbidden = forbiddenTo(request, command, input);
  if (forbidden) return { refusal: forbidden };
  const errors = { ...fieldErrors(await problems()), ...unread };
  if (Object.keys(errors).length > 0) return { errors };
  const outcome = await attempt(request.ctx.app.writer, visitorOf(request).actor, command, input);
  if (outcome.ok) return { written: outcome.value };
  // Saved over by someone else since the form was drawn: the form comes back (stale.view.ts).
  if (outcome.refusal.status === 412) return { errors: {}, stale: true };
  return { refusal: outcome.refusal };
}

/**
 * As attemptSubmit, for a form with no place of its own for a refusal other than its fields':
 * such a refusal is answered as the API's error, which the workspace's refusal page says.
 */
export async function submit<Input, Result>(
  request: FastifyRequest,
  command: Command<Input, Result>,
  input: Input,
  unread: FieldErrors,
  problems: () => Promise<readonly FieldProblem[]>,
): Promise<Submitted<Made<Result>>> {
  const outcome = await attemptSubmit(request, command, input, unread, problems);
  if (outcome.refusal) throw outcome.refusal.asError();
  return outcome;
}
