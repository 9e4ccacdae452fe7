/**
 * OAuth 2.0 error responses (RFC 6749 §5.2, RFC 7009 §2.2.1, RFC 6750 §3.1): plain JSON
 * `{error, error_description}`, never cached. `invalid_client` is a 401 with a
 * WWW-Authenticate challenge for the Basic scheme clients may use (RFC 6749 §2.3.1).
 */
import type { FastifyError } from 'fastify';
import { HttpError } from '../errors.js';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type'
  | 'invalid_token'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'server_error'
  | 'temporarily_unavailable'
  // RFC 8707 §2
  | 'invalid_target'
  // RFC 7591 §3.2.2
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

export class OAuthError extends HttpError {
  readonly contentType = 'application/json; charset=utf-8';

  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.withHeader('Cache-Control', 'no-store');
    this.withHeader('Pragma', 'no-cache');
  }

  body() {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
export const invalidGrant = (description: string) => new OAuthError(400, 'invalid_grant', description);
export const invalidScope = (description: string) => new OAuthError(400, 'invalid_scope', description);
export const invalidTarget = (description: string) => new OAuthError(400, 'invalid_target', description);
export const unauthorizedClient = (description: string) =>
  new OAuthError(400, 'unauthorized_client', description);
export const invalidClient = (description: string) =>
  new OAuthError(401, 'invalid_client', description).withHeader('WWW-Authenticate', 'Basic realm="marquee"');
export const tooManyFailures = (retryAfterSeconds: number) =>
  new OAuthError(429, 'invalid_request', 'Too many failed attempts; wait before trying again.').withHeader(
    'Retry-After',
    String(Math.max(1, Math.ceil(retryAfterSeconds))),
  );

/** Fastify's own request errors (content type, size, JSON syntax, schema) on OAuth routes. */
export function translateToOAuthError(error: FastifyError): OAuthError {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new OAuthError(
      415,
      'invalid_request',
      'Send application/x-www-form-urlencoded or application/json.',
    );
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new OAuthError(413, 'invalid_request', 'The request body is too large.');
  }
  if (error.validation) {
    const first = error.validation[0];
    const name = (first?.instancePath ?? '').replace(/^\//, '') || 'the request body';
    return invalidRequest(`${name} ${first?.message ?? 'is invalid'}.`);
  }
  return invalidRequest('The request body could not be read.');
}
