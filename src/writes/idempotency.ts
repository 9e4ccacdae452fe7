/**
 * Idempotent creates (SPEC §5, after Stripe's design): a POST with an Idempotency-Key runs at most
 * once per key for a day; the same key and body get the first response again, the same key with
 * another body is refused. The unit of work (unit-of-work.ts) stores the first response in the
 * create's own transaction, so a key never records a response that was rolled back, and of two
 * racing requests with one key only one creates anything. Keys are scoped by the caller
 * (integration, user, organization).
 */
import { createHash } from 'node:crypto';
import { ValidationError } from '../errors.js';
import type { StoredResponse } from './idempotency.repository.js';

export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 3600;

export interface IdempotencyKey {
  /** Who may replay the response: e.g. integration, user and organization. */
  scope: string;
  /** The Idempotency-Key header. */
  key: string;
  /** The request body: a retry must send the same one. */
  body: unknown;
}

export interface CreateResponse<Body> {
  status: number;
  body: Body;
}

export interface IdempotentOutcome<Body> extends CreateResponse<Body> {
  /** True when this is the stored response of an earlier request with the key. */
  replayed: boolean;
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

/** The stored response again, or a 422 when the key came with another body. */
export function replay<Body>(stored: StoredResponse, hash: string): IdempotentOutcome<Body> {
  if (stored.requestHash !== hash) {
    throw new ValidationError({
      detail: 'This Idempotency-Key was used with a different request body.',
      source: { header: 'Idempotency-Key' },
      code: 'idempotency_key_reused',
    });
  }
  // The body was stored by this service from a Body of the same route.
  return { status: stored.status, body: stored.body as Body, replayed: true };
}
