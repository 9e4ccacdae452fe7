/**
 * The organization's endpoints that take deliveries, as the changes of one transaction fan out
 * to them (fan-out.ts): read once per transaction and organization, however many changes it
 * records (an inquiry records five). A write of an endpoint in the transaction
 * (endpoint.repository.ts) forgets what was read, so the changes recorded after it go to the
 * endpoints as they are then: none is missed, none is sent to one deleted or turned off.
 * On PostgreSQL the read takes the endpoints `FOR KEY SHARE`, as the deliveries' foreign key
 * would at each insert: an endpoint another transaction deletes meanwhile waits for this one's
 * commit, rather than the deliveries of a later change failing on a row gone since the read.
 */
import { isSqlite } from '../db/column-types.js';
import type { Db, Trx } from '../db/database.js';
import { precompiledQuery } from '../db/precompiled.js';
import { eventsOf } from './endpoint.codec.js';

export interface ActiveEndpoint {
  id: string;
  /** The change types it subscribes to, or `*`. */
  events: readonly string[];
}

const activeEndpoints = precompiledQuery((db, params: { organizationId: string }) => {
  const query = db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('organization_id', '=', params.organizationId)
    .where('disabled_at', 'is', null);
  return isSqlite(db) ? query : query.forKeyShare();
});

/** What each transaction read, by organization. */
const readIn = new WeakMap<Db | Trx, Map<string, Promise<ActiveEndpoint[]>>>();

/** The organization's endpoints that take deliveries, as the transaction sees them. */
export function activeEndpointsOf(trx: Trx, organizationId: string): Promise<ActiveEndpoint[]> {
  let read = readIn.get(trx);
  if (!read) {
    read = new Map();
    readIn.set(trx, read);
  }
  let endpoints = read.get(organizationId);
  if (!endpoints) {
    endpoints = activeEndpoints(trx, { organizationId }).then((rows) =>
      rows.map((row) => ({ id: row.id, events: eventsOf(row) })),
    );
    const asked = endpoints;
    // A failed read is not kept: the next change asks again.
    asked.catch(() => {
      if (read.get(organizationId) === asked) read.delete(organizationId);
    });
    read.set(organizationId, endpoints);
  }
  return endpoints;
}

/** Said by every write of webhook_endpoints: the transaction's next change reads them again. */
export function endpointsWritten(db: Db | Trx): void {
  readIn.delete(db);
}
