/**
 * An integration (an OAuth client) as the house knows it, and its codec: the row of `integrations`
 * read into the value, the one place its redirect URIs' JSON and its scopes' list are decoded.
 * Its repository (integration.repository.ts) reads every integration through it.
 */
import type { Selectable } from 'kysely';
import type { ClientAuthMethod, IntegrationKind, IntegrationTable } from './integration.table.js';

export interface Integration {
  id: string;
  /** Null for an app that registered itself (RFC 7591): a user's consent names the organization. */
  organizationId: string | null;
  ownerUserId: string | null;
  name: string;
  kind: IntegrationKind;
  redirectUris: string[];
  scopes: string[];
  clientId: string;
  clientSecretHash: string;
  /** `none`: an app that cannot keep a secret, authenticated by client_id alone (with PKCE). */
  authMethod: ClientAuthMethod;
  /** Authorization requests must carry an S256 code_challenge (RFC 9700 §2.1.1): always without a secret. */
  requirePkce: boolean;
  /** A private integration whose owner left its organization: it acts as nobody, for good. */
  endedAt: string | null;
  /** When it registered itself at /oauth/register; null for one made in the settings. */
  registeredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toIntegration(row: Selectable<IntegrationTable>): Integration {
  return {
    id: row.id,
    organizationId: row.organization_id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    kind: row.kind,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    scopes: row.scopes.split(' ').filter(Boolean),
    clientId: row.client_id,
    clientSecretHash: row.client_secret_hash,
    authMethod: row.token_endpoint_auth_method,
    requirePkce: row.pkce_required_at !== null || row.token_endpoint_auth_method === 'none',
    endedAt: row.ended_at,
    registeredAt: row.registered_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
