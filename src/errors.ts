/**
 * The error hierarchy. Services throw these; one handler (src/http/error-handler.ts) renders them.
 * `HttpError` carries the status, headers and content type; each family renders its own body:
 * JSON:API error objects for the resource API (SPEC §5), RFC 6749 bodies for OAuth (src/oauth/errors.ts).
 */

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
  header?: string;
}

export abstract class HttpError extends Error {
  readonly headers: Record<string, string> = {};
  abstract readonly status: number;
  abstract readonly contentType: string;
  abstract body(requestId: string): unknown;

  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** One JSON:API error object (jsonapi.org/format/1.1/#error-objects). */
export interface ApiErrorObject {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: ErrorSource;
}

/** A response lists at most this many errors, and counts the rest (a body of 60,000 bad members stays small). */
export const MAX_ERRORS_SHOWN = 100;

/** Errors of the resource API, rendered as a JSON:API error document. */
export class ApiError extends HttpError {
  readonly contentType = 'application/vnd.api+json';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly source?: ErrorSource,
    readonly more: readonly ApiErrorObject[] = [],
  ) {
    super(detail);
    this.name = new.target.name;
  }

  toObject(): ApiErrorObject {
    return {
      status: String(this.status),
      code: this.code,
      title: statusTitle(this.status),
      detail: this.detail,
      ...(this.source ? { source: this.source } : {}),
    };
  }

  /**
   * What a refusal made of this error carries for a page to render (src/writes/refusal.ts): the
   * data the refused check found, such as the clash of a double booking. Most carry none.
   */
  payload(): unknown {
    return undefined;
  }

  body(requestId: string) {
    const errors = [this.toObject(), ...this.more];
    if (errors.length <= MAX_ERRORS_SHOWN) return { errors, meta: { request_id: requestId } };
    return {
      errors: errors.slice(0, MAX_ERRORS_SHOWN),
      meta: { request_id: requestId, errors_not_shown: errors.length - MAX_ERRORS_SHOWN },
    };
  }
}

export class BadRequestError extends ApiError {
  constructor(detail: string, source?: ErrorSource, code = 'bad_request') {
    super(400, code, detail, source);
  }
}

/** Bad query parameters (400): one error object per bad parameter, all at once. */
export class BadParametersError extends ApiError {
  constructor(problems: ReadonlyArray<{ parameter: string; detail: string; code?: string }>) {
    const objects = problems.map((p) => ({
      status: '400',
      code: p.code ?? 'invalid_parameter',
      title: statusTitle(400),
      detail: p.detail,
      source: { parameter: p.parameter },
    }));
    const [first, ...rest] = objects;
    if (!first) throw new Error('a BadParametersError needs at least one problem');
    super(400, first.code, first.detail, first.source, rest);
  }
}

export class ForbiddenError extends ApiError {
  constructor(detail: string, code = 'forbidden', source?: ErrorSource) {
    super(403, code, detail, source);
  }
}

export class NotFoundError extends ApiError {
  constructor(detail = 'No resource exists at this address.', source?: ErrorSource) {
    super(404, 'not_found', detail, source);
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string, code = 'conflict', source?: ErrorSource) {
    super(409, code, detail, source);
  }
}

export class PreconditionFailedError extends ApiError {
  constructor(detail: string) {
    super(412, 'precondition_failed', detail, { header: 'If-Match' });
  }
}

/**
 * One thing wrong with the input: the field it concerns (as forms and services name it, e.g.
 * `name` or `redirect_uris`), what is wrong in words, a machine-readable code, and where it sits
 * in the request (a JSON pointer by default `/FIELD`, or a header or parameter).
 */
export interface FieldProblem {
  field?: string;
  detail: string;
  code?: string;
  source?: ErrorSource;
  /** What the rule found (how many events a booking has), for a door that says it in its own words. */
  data?: Readonly<Record<string, number | string>>;
}

function problemObject(problem: FieldProblem): ApiErrorObject {
  const source = problem.source ?? (problem.field ? { pointer: `/${problem.field}` } : undefined);
  return {
    status: '422',
    code: problem.code ?? 'invalid_value',
    title: statusTitle(422),
    detail: problem.detail,
    ...(source ? { source } : {}),
  };
}

/**
 * Input that cannot be accepted (422): one problem per bad field, so an API client gets one error
 * object per field and a form shows each message beside its field.
 */
export class ValidationError extends ApiError {
  readonly problems: readonly FieldProblem[];

  constructor(problems: FieldProblem | readonly FieldProblem[]) {
    const list: readonly FieldProblem[] = Array.isArray(problems) ? problems : [problems as FieldProblem];
    const [first, ...rest] = list.map(problemObject);
    if (!first) throw new Error('a ValidationError needs at least one problem');
    super(422, first.code, first.detail, first.source, rest);
    this.problems = list;
  }

  /** Field name → the first message about it, for forms. */
  fieldMessages(): Record<string, string> {
    const messages: Record<string, string> = {};
    for (const problem of this.problems) {
      if (problem.field && !(problem.field in messages)) messages[problem.field] = problem.detail;
    }
    return messages;
  }
}

export class TooManyRequestsError extends ApiError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, 'rate_limited', detail);
    this.withHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  }
}

/**
 * Refusals of bad input outside HTTP (the CLI, start-up): the message says what was wrong and
 * how to mend it.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}
