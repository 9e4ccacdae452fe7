/** One problem the API named: a JSON:API error object's code, detail and where it points. */
export interface ErrorDetail {
  code: string;
  detail: string;
  /** `source.pointer` (e.g. `/data/attributes/end_at`), `source.parameter` or `source.header`. */
  pointer: string | undefined;
}

/**
 * One error class per status, carrying what the API said (JSON:API error objects or OAuth
 * errors): `code`, `detail` and `pointer` of the first problem, and every problem in `errors`
 * (a 422 has one per bad field).
 */
export class MarqueeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly pointer: string | undefined,
    readonly requestId: string | undefined,
    readonly errors: readonly ErrorDetail[] = [{ code, detail, pointer }],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends MarqueeError {}
export class AuthenticationError extends MarqueeError {}
export class PermissionDeniedError extends MarqueeError {}
export class NotFoundError extends MarqueeError {}
/** 409: `code` says which (`space_conflict`, `has_dependents`, …). */
export class ConflictError extends MarqueeError {}
export class PreconditionFailedError extends MarqueeError {}
export class ValidationError extends MarqueeError {}
export class RateLimitError extends MarqueeError {}
export class InternalServerError extends MarqueeError {}
/** A request that never got an answer (network failure, timeout). */
export class ConnectionError extends MarqueeError {}

const CLASSES: Record<number, typeof MarqueeError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  422: ValidationError,
  429: RateLimitError,
};

interface ErrorBody {
  errors?: Array<{
    code?: string;
    detail?: string;
    title?: string;
    source?: { pointer?: string; parameter?: string; header?: string };
  }>;
  meta?: { request_id?: string };
  error?: string;
  error_description?: string;
}

export function errorFromResponse(
  status: number,
  body: unknown,
  requestId: string | undefined,
): MarqueeError {
  const parsed = (body ?? {}) as ErrorBody;
  const details: ErrorDetail[] = (parsed.errors ?? []).map((error) => ({
    code: error.code ?? 'http_error',
    detail: error.detail ?? error.title ?? `HTTP ${status}`,
    pointer: error.source?.pointer ?? error.source?.parameter ?? error.source?.header,
  }));
  const first = details[0] ?? {
    code: parsed.error ?? 'http_error',
    detail: parsed.error_description ?? `HTTP ${status}`,
    pointer: undefined,
  };
  const Class = CLASSES[status] ?? (status >= 500 ? InternalServerError : MarqueeError);
  return new Class(
    `${status} ${first.code}: ${first.detail}${details.length > 1 ? ` (and ${details.length - 1} more)` : ''}`,
    status,
    first.code,
    first.detail,
    first.pointer,
    parsed.meta?.request_id ?? requestId,
    details.length > 0 ? details : [first],
  );
}

/** The code of the first error object of an error body, if any. */
export function firstErrorCode(body: unknown): string | undefined {
  return (body as ErrorBody | null)?.errors?.[0]?.code;
}
