/**
 * A stored first response as the unit of work replays it, and its codec: the row of
 * `idempotency_keys` read into the value, the one place its body's JSON is parsed. Its repository
 * (idempotency.repository.ts) reads every stored response through it.
 */
import type { Selectable } from 'kysely';
import type { IdempotencyKeyTable } from './idempotency.table.js';

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: unknown;
}

export const storedResponseCodec = {
  decode(row: Selectable<IdempotencyKeyTable>): StoredResponse {
    return { requestHash: row.request_hash, status: row.status, body: JSON.parse(row.response) as unknown };
  },
};
