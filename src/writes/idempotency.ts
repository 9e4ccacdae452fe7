/**
 * Idempotent creates (SPEC §5, after Stripe's design): a POST with an Idempotency-Key runs at
 * most once per key for a day; the same key and body get the first response again, the same key
 * with another body is refused. The created row and the stored response commit in one
 * transaction, so a key never records a response that was rolled back, and of two racing
 * requests with one key only one creates anything. Keys are scoped (integration, user,
 * organization) by the caller. Creates without a key share commits with others (ctx.writes).
 */
import { createHash } from 'node:crypto';
import type { RequestContext } from '../app-context.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { ApiError, ValidationError } from '../errors.js';
import { findStoredResponse, storeResponse } from './idempotency.repository.js';

export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 3600;

export interface IdempotentRequest {
  /** Who may replay the response: e.g. integration, user and organization. */
  scope: string;
  /** The Idempotency-Key header, when sent. */
  key: string | undefined;
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

function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

function replay<Body>(stored: { requestHash: string; status: number; body: unknown }, hash: string) {
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

export async function withIdempotency<Body>(
  ctx: RequestContext,
  request: IdempotentRequest,
  work: (trx: Trx) => Promise<CreateResponse<Body>>,
): Promise<IdempotentOutcome<Body>> {
  if (request.key === undefined) return { ...(await ctx.writes.run(work)), replayed: false };
  const { scope, key } = request;
  const now = ctx.now();
  const times = { now: isoTime(now), expiredBefore: isoTime(now - IDEMPOTENCY_RETENTION_SECONDS * 1000) };
  const hash = requestHash(request.body);
  const stored = () => findStoredResponse(ctx.db, scope, key, times.expiredBefore);

  const earlier = await stored();
  if (earlier) return replay(earlier, hash);

  const trx = await ctx.db.startTransaction().execute();
  try {
    const response = await work(trx);
    const kept = await storeResponse(trx, scope, key, { requestHash: hash, ...response }, times);
    if (kept) {
      await trx.commit().execute();
      return { ...response, replayed: false };
    }
    await trx.rollback().execute();
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    throw error;
  }
  // Another request with the key committed first: its response is the answer.
  const raced = await stored();
  if (raced) return replay(raced, hash);
  throw new ApiError(
    409,
    'idempotency_in_progress',
    'Another request with this Idempotency-Key is in progress; retry.',
  );
}
