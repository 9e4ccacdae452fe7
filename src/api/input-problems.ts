/**
 * Every bad field at once (SPEC, round 3): a write whose document fails its schema is answered
 * with one 422 listing the schema's problems and the feature's rules over the members that could
 * be read, together. A bad `currency` no longer hides a reversed time range or an unknown time
 * zone of the same document. Where the document itself cannot be read (no `data`, a wrong type or
 * id), the schema's problems are all there is to say.
 */
import type { FastifyRequest } from 'fastify';
import { type FieldProblem, ValidationError } from '../errors.js';
import { translateToApiError } from '../http/error-handler.js';
import { validationProblems } from '../http/validation-messages.js';

/** The document's members that passed the schema (a copy), or undefined when it cannot be read. */
export function readableDocument(body: unknown, problems: readonly FieldProblem[]): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const readable = structuredClone(data) as Record<string, unknown>;
  for (const { source } of problems) {
    const [, top, member, name] = (source?.pointer ?? '').split('/');
    if (top !== 'data' || member === undefined || member === 'type' || member === 'id') return undefined;
    const group = readable[member];
    if ((member === 'attributes' || member === 'relationships') && name !== undefined) {
      if (typeof group === 'object' && group !== null) delete (group as Record<string, unknown>)[name];
    } else {
      delete readable[member];
    }
  }
  return { data: readable };
}

/** The member of the document a problem is about: `/data/attributes/name`, `/data/relationships/account`. */
function memberOf(problem: FieldProblem): string | undefined {
  const { pointer, parameter, header } = problem.source ?? {};
  return pointer?.split('/').slice(0, 4).join('/') ?? parameter ?? header ?? problem.field;
}

/** Problems of both lists, one per member of the request: the first list's where both name one. */
export function mergeProblems(
  first: readonly FieldProblem[],
  second: readonly FieldProblem[],
): FieldProblem[] {
  const seen = new Set(first.map(memberOf));
  return [...first, ...second.filter((p) => !seen.has(memberOf(p)))];
}

/**
 * Nothing when the request passed its schema; otherwise refuses it: a 400 for bad headers or
 * parameters, else one 422 with the schema's problems and `rules` over what could be read.
 */
export async function refuseUnreadable(
  request: FastifyRequest,
  rules: (readable: unknown) => Promise<readonly FieldProblem[]>,
): Promise<void> {
  const error = request.validationError;
  if (!error) return;
  if (error.validationContext !== 'body') throw translateToApiError(error as never);
  const problems = validationProblems(error.validation, 'body');
  const readable = readableDocument(request.body, problems);
  const ruled = readable === undefined ? [] : await rules(readable);
  throw new ValidationError(mergeProblems(problems, ruled));
}
