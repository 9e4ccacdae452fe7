export type GrantType = 'authorization_code' | 'client_credentials';
export type TokenKind = 'access' | 'refresh';

export interface OAuthGrantTable {
  id: string;
  integration_id: string;
  /** The user the tokens act for: the consenting user, or a private integration's owner. */
  user_id: string;
  grant_type: GrantType;
  /** Space-separated scopes granted. */
  scopes: string;
  /** JSON array of the organization ids the tokens may use. */
  organization_ids: string;
  created_at: string;
  /** After this the grant can hold no live token; it may be pruned. */
  expires_at: string;
  revoked_at: string | null;
  /** The resource (RFC 8707) its tokens are for: `<BASE_URL>/mcp`, or null for the API. */
  resource: string | null;
}

export interface OAuthCodeTable {
  id: string;
  code_hash: string;
  integration_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string;
  organization_ids: string;
  /** PKCE S256 challenge, when the authorize request sent one. */
  code_challenge: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The grant the code was exchanged into, so a replay can revoke it. */
  grant_id: string | null;
  /** The resource (RFC 8707) asked for. */
  resource: string | null;
}

export interface OAuthTokenTable {
  id: string;
  /**
   * The key the token is found by: its id, for a token that carries it (src/oauth/credentials.ts);
   * the SHA-256 of the whole token, for one issued before tokens carried their id.
   */
  token_hash: string;
  /** The SHA-256 of the whole token, for a token that carries its id (null before). */
  secret_hash: string | null;
  kind: TokenKind;
  grant_id: string;
  scopes: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Refresh tokens only: when it was exchanged for a new pair. */
  rotated_at: string | null;
  /** Refresh tokens only: the pair its use issued, sealed with a key only the token opens. */
  rotation_replay: string | null;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../db/database.js' {
  interface Database {
    app_secrets: AppSecretTable;
    oauth_grants: OAuthGrantTable;
    oauth_codes: OAuthCodeTable;
    oauth_tokens: OAuthTokenTable;
  }
}
