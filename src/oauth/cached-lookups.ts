/**
 * What every token request looks up, the client by its id and (for client credentials) its
 * owner's membership, answered from memory until anything is committed anywhere
 * (src/db/fresh-cache.ts): a rotated secret, a deleted integration or a removed owner counts
 * from the next request on. Under load, the requests between two commits share one lookup.
 */
import type { ChangeClock } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import { FreshCache } from '../db/fresh-cache.js';
import { findMembership, type Membership } from '../identity/membership.repository.js';
import { findIntegrationByClientId, type Integration } from '../integrations/integration.repository.js';

const CAPACITY = 1000;

/** The lookups of one request, all judged against one reading of the change clock. */
export interface OAuthLookups {
  client(clientId: string): Promise<Integration | undefined>;
  membership(organizationId: string, userId: string): Promise<Membership | undefined>;
}

/** Call once per request: the clock is read once for all of that request's lookups. */
export type OAuthLookupsForRequest = () => OAuthLookups;

export function cachedOAuthLookups(db: Db, changes: ChangeClock): OAuthLookupsForRequest {
  const clients = new FreshCache<Integration | undefined>(changes, CAPACITY);
  const memberships = new FreshCache<Membership | undefined>(changes, CAPACITY);
  return () => {
    const reading = changes.read();
    return {
      client: (clientId) => clients.get(clientId, () => findIntegrationByClientId(db, clientId), reading),
      membership: (organizationId, userId) =>
        memberships.get(
          `${organizationId} ${userId}`,
          () => findMembership(db, organizationId, userId),
          reading,
        ),
    };
  };
}
