import type { Generated } from 'kysely';

export type IntegrationKind = 'public' | 'private';
/** How the client authenticates at the token endpoint: with its secret, or by client_id alone. */
export type ClientAuthMethod = 'client_secret' | 'none';

export interface IntegrationTable {
  id: string;
  /** The organization whose settings manage it; null for an app that registered itself (RFC 7591). */
  organization_id: string | null;
  /** The user a private integration acts as; null for public integrations. */
  owner_user_id: string | null;
  name: string;
  kind: IntegrationKind;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  /** Space-separated allowed scopes. */
  scopes: string;
  client_id: string;
  /** SHA-256 of the client secret, base64url; the secret itself is never stored. '' without one. */
  client_secret_hash: string;
  token_endpoint_auth_method: Generated<ClientAuthMethod>;
  /** When *Require PKCE* was turned on; null while PKCE is optional (RFC 9700 §2.1.1). */
  pkce_required_at: string | null;
  /** When a private integration stopped for good: its owner left the organization. */
  ended_at: string | null;
  /** When an app registered itself at /oauth/register (RFC 7591); null for one made in settings. */
  registered_at: string | null;
  /** The hash of the address it registered from, to bound registrations per address. */
  registered_from: string | null;
  created_at: string;
  updated_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    integrations: IntegrationTable;
  }
}
