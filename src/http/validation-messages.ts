/**
 * Schema validation failures in words (SPEC §5: a 400 or 422 says what is expected): each
 * failure of the request's schema becomes one problem with the member it concerns, its place in
 * the request and a sentence a developer can act on, instead of a validator's "must be equal to
 * constant". One problem per member; a member that fails several ways is reported once.
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { FieldProblem } from '../errors.js';

/** Attributes the server sets; sent in a write they are refused with this reason. */
const READ_ONLY = new Set(['reference', 'room_names', 'created_at', 'updated_at']);

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'a date and time with a time zone, such as 2027-06-01T18:00:00Z',
  date: 'a date such as 2027-06-01',
  uri: 'an absolute URL',
  email: 'an e-mail address',
};

type Params = Record<string, unknown>;

function typeWords(type: unknown): string {
  const types = [type].flat().map(String);
  return types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

type Where = 'body' | 'querystring' | 'headers' | 'params';

function sentence(error: FastifySchemaValidationError, member: string, where: Where): string {
  const params = (error.params ?? {}) as Params;
  const schema = (error as { parentSchema?: { description?: string } }).parentSchema;
  switch (error.keyword) {
    case 'required':
      return `${member} is required.`;
    case 'additionalProperties':
      if (where === 'querystring') return `Unknown parameter ${member}.`;
      return READ_ONLY.has(member)
        ? `${member} is set by the server and cannot be written.`
        : `${member} is not a member this request accepts here.`;
    case 'type':
      return `${member} must be ${typeWords(params.type)}.`;
    case 'minLength':
      return params.limit === 1
        ? `${member} must not be empty.`
        : `${member} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${member} must be at most ${String(params.limit)} characters long.`;
    case 'minimum':
      return `${member} must be ${String(params.limit)} or more.`;
    case 'maximum':
      return `${member} must be ${String(params.limit)} or less.`;
    case 'minItems':
      return `${member} must have at least ${String(params.limit)} item(s).`;
    case 'maxItems':
      return `${member} may have at most ${String(params.limit)} items.`;
    case 'format':
      return `${member} must be ${FORMAT_WORDS[String(params.format)] ?? `in ${String(params.format)} format`}.`;
    case 'const':
      return `${member} must be "${String(params.allowedValue)}".`;
    case 'enum':
      return `${member} must be one of ${[params.allowedValues].flat().map(String).join(', ')}.`;
    case 'pattern':
      return schema?.description
        ? `${member} must be ${schema.description}.`
        : `${member} does not have the expected form.`;
    default:
      return `${member} is not valid${schema?.description ? `: expected ${schema.description}` : ''}.`;
  }
}

/** The member an error is about, and where it is: the missing or unknown one, or the one at its path. */
function locate(error: FastifySchemaValidationError): { member: string; path: string } {
  const params = (error.params ?? {}) as Params;
  const child = params.missingProperty ?? params.additionalProperty;
  const path = child === undefined ? error.instancePath : `${error.instancePath}/${String(child)}`;
  const member = path.split('/').filter(Boolean).at(-1) ?? 'the request body';
  return { member: member.replace(/~1/g, '/').replace(/~0/g, '~'), path };
}

/** One problem per member of the request that failed its schema, in the order found. */
export function validationProblems(
  errors: readonly FastifySchemaValidationError[],
  where: Where,
): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const error of errors) {
    const { member, path } = locate(error);
    if (problems.has(path)) continue;
    const source =
      where === 'body'
        ? { pointer: path }
        : where === 'headers'
          ? { header: member }
          : { parameter: path.split('/').filter(Boolean)[0] ?? member };
    problems.set(path, {
      field: member,
      detail: sentence(error, member, where),
      code: 'invalid_value',
      source,
    });
  }
  return [...problems.values()];
}
