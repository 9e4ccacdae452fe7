/**
 * The one place errors become responses. Typed errors render themselves; Fastify's own errors
 * (bad JSON, body too large, content type, schema validation) are translated into the family the
 * route speaks. Anything else is a 500 with a generic message; the cause goes to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, BadRequestError, HttpError, NotFoundError, ValidationError } from '../errors.js';
import { validationProblems } from './validation-messages.js';

/** How a route's errors are rendered; set per route in `config.errorStyle` (default: JSON:API). */
export type ErrorStyle = 'jsonapi' | 'oauth' | 'html';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorStyle?: ErrorStyle;
    /** The route answers addresses no other route has (a 404 page): counted as unmatched. */
    catchAll?: boolean;
  }
}

/** Translates errors raised by Fastify itself into the error family of one route style. */
export type NativeErrorTranslator = (error: FastifyError, request: FastifyRequest) => HttpError;
export type ErrorTranslators = Partial<Record<ErrorStyle, NativeErrorTranslator>>;

/** A size in bytes as people read it: "16 KiB", "1 MiB". */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString('en')} bytes`;
}

/** Fastify's own request errors as JSON:API errors; a body too large is told the limit of its route. */
export function translateToApiError(error: FastifyError, request?: FastifyRequest): ApiError {
  if (error.validation) {
    const where = error.validationContext ?? 'body';
    if (where === 'params') return new NotFoundError();
    const problems = validationProblems(error.validation, where);
    if (where === 'body') return new ValidationError(problems);
    const first = problems[0];
    return new BadRequestError(
      first?.detail ?? 'The request is not valid.',
      first?.source,
      'invalid_parameter',
    );
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        415,
        'unsupported_media_type',
        'Send application/vnd.api+json or application/json.',
        {
          header: 'Content-Type',
        },
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        413,
        'body_too_large',
        `The request body exceeds ${sizeWords(request?.routeOptions.bodyLimit ?? 1024 * 1024)}.`,
      );
    case 'MQ_NUL_CHARACTER': {
      const parameter = (error as { parameter?: string }).parameter;
      return new BadRequestError(error.message, parameter ? { parameter } : undefined, 'nul_character');
    }
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new BadRequestError(
        'The request body is empty; send a JSON document.',
        undefined,
        'invalid_json',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BadRequestError('The request body is not valid JSON.', undefined, 'invalid_json');
    default:
      if (error instanceof SyntaxError || status === 400) {
        return new BadRequestError('The request body is not valid JSON.', undefined, 'invalid_json');
      }
      return new ApiError(status, 'bad_request', 'The request could not be processed.');
  }
}

class InternalError extends ApiError {
  constructor() {
    super(500, 'internal_error', 'Something went wrong on our side; the request id helps us find out what.');
  }
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type(error.contentType)
    .send(error.body(String(reply.request.id)));
}

export function installErrorHandler(app: FastifyInstance, translators: ErrorTranslators = {}): void {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const style = request.routeOptions.config?.errorStyle ?? 'jsonapi';
    let error: HttpError;
    if (raw instanceof HttpError) {
      error = raw;
    } else if (
      raw.validation ||
      (raw.statusCode !== undefined && raw.statusCode >= 400 && raw.statusCode < 500)
    ) {
      error = (translators[style] ?? translateToApiError)(raw, request);
    } else {
      request.log.error({ err: raw }, 'request failed');
      error = new InternalError();
    }
    return sendError(reply, error);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new NotFoundError()));
}
