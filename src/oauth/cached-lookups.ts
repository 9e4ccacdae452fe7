/**
 * What every token request looks up, the client by its id and (for client credentials) its
 * owner's membership, answered from memory until anything is committed anywhere
 * (src/db/fresh-cache.ts): a rotated secret, a deleted integration or a removed owner counts
 * from the next request on. Under load, the requests between two commits share one lookup.
 */
import type { RequestContext } from '../app-context.js';
import { findMembership, type Membership } from '../identity/membership.repository.js';
import { findIntegrationByClientId, type Integration } from '../integrations/integration.repository.js';

export function findClient(ctx: RequestContext, clientId: string): Promise<Integration | undefined> {
  return ctx.cached(ctx.app.caches.clients, clientId, () => findIntegrationByClientId(ctx.db, clientId));
}

export function findMembershipCached(
  ctx: RequestContext,
  organizationId: string,
  userId: string,
): Promise<Membership | undefined> {
  return ctx.cached(ctx.app.caches.memberships, `${organizationId} ${userId}`, () =>
    findMembership(ctx.db, organizationId, userId),
  );
}
