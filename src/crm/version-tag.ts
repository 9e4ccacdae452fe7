/**
 * A record's version tag: what its ETag is (RFC 9110 §8.8.3) and what a write's If-Match (or a
 * form's hidden version) must name. It is made of the record's type, id and updated_at alone,
 * which every change moves on (records.ts), so no HTTP resource is built to compute it.
 */
import { etagOf } from '../api/etag.js';

export function versionTag(type: string, row: { id: string; updated_at: string }): string {
  return etagOf([{ type, id: row.id, updatedAt: row.updated_at }]);
}
