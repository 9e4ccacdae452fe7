/**
 * Token revocation (RFC 7009). Either token of a grant revokes the whole family (§2.1: "SHOULD
 * also invalidate" the related tokens). A client-credentials token has no family: its
 * integration's tokens share a grant (src/oauth/grants/client-credentials.ts), so it is revoked
 * alone, and the integration's other tokens (another of its processes, say) keep working.
 * Unknown and already-revoked tokens answer 200 like a success (§2.2), so the endpoint reveals
 * nothing. A token of another client is refused, and left
 * alone (§2.1: the server verifies the token was issued to the client making the request).
 */
import type { Db } from '../db/database.js';
import type { Integration } from '../integrations/integration.repository.js';
import { invalidRequest } from './errors.js';
import { revokeGrants } from './grant.repository.js';
import { findPresentedToken, revokeTokenAlone } from './token.repository.js';

export async function revokeToken(
  db: Db,
  client: Integration,
  token: string | undefined,
  now: string,
): Promise<void> {
  if (!token) throw invalidRequest('token is required.');
  // Both kinds live in one table under a unique key, so token_type_hint cannot change the outcome.
  const record = await findPresentedToken(db, token);
  if (!record) return;
  if (record.integrationId !== client.id) throw invalidRequest('The token was not issued to this client.');
  if (record.grantType === 'client_credentials') await revokeTokenAlone(db, record.id, now);
  else await revokeGrants(db, [record.grantId], now);
}
