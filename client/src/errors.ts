/** One error class per status, carrying what the API said (JSON:API error objects or OAuth errors). */
export class MarqueeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly pointer: string | undefined,
    readonly requestId: string | undefined,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends MarqueeError {}
export class AuthenticationError extends MarqueeError {}
export class PermissionDeniedError extends MarqueeError {}
export class NotFoundError extends MarqueeError {}
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
  const first = parsed.errors?.[0];
  const code = first?.code ?? parsed.error ?? 'http_error';
  const detail = first?.detail ?? parsed.error_description ?? first?.title ?? `HTTP ${status}`;
  const pointer = first?.source?.pointer ?? first?.source?.parameter ?? first?.source?.header;
  const Class = CLASSES[status] ?? (status >= 500 ? InternalServerError : MarqueeError);
  return new Class(
    `${status} ${code}: ${detail}`,
    status,
    code,
    detail,
    pointer,
    parsed.meta?.request_id ?? requestId,
  );
}
