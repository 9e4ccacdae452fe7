/**
 * Access and refresh tokens, stored by the SHA-256 of their value (never the value), found by the
 * row id they carry (src/oauth/credentials.ts; tokens issued before they carried it, by the hash).
 * - Issuing: `insertToken`, compiled once (the token endpoint's hot path), inside the grant's
 *   transaction.
 * - Judging a presented token: `findPresentedToken` returns the token with everything a request
 *   needs in one round trip (its grant, integration, user, and the user's role in the
 *   organization asked about); `isTokenLive` decides at the caller's "now". The resource API
 *   caches the record until anything commits (src/api/api-auth.ts); expiry is still judged on
 *   every request.
 * - Rotating a refresh token: `claimRefreshToken`, a conditional update so that of concurrent
 *   refreshes exactly one wins.
 * Revocation is by grant (src/oauth/grant.repository.ts): a family's tokens go together; a
 * client-credentials token, whose grant its integration's other tokens share, is revoked alone.
 */
import type { Db, Trx } from '../db/database.js';
import { precompiledQuery, precompiledStatement } from '../db/precompiled.js';
import type { Role } from '../identity/identity.table.js';
import type { IntegrationKind } from '../integrations/integration.table.js';
import { credentialMatches, hashCredential, tokenIdOf } from '../security/credentials.js';
import { organizationIdsOf } from './grant.codec.js';
import type { GrantType, TokenKind } from './oauth.table.js';

export interface NewToken {
  /** The row's id, which the token carries (generateToken). */
  id: string;
  /** The SHA-256 of the whole token. */
  secretHash: string;
  kind: TokenKind;
  grantId: string;
  scopes: readonly string[];
  createdAt: string;
  expiresAt: string;
}

/** Issuing tokens is the token endpoint's hot path: the insert is compiled once. */
const insertTokenRow = precompiledStatement(
  (
    db,
    row: {
      id: string;
      secretHash: string;
      kind: TokenKind;
      grantId: string;
      scopes: string;
      createdAt: string;
      expiresAt: string;
    },
  ) =>
    db.insertInto('oauth_tokens').values({
      id: row.id,
      // Found by the id it carries: a key in the order of time (see the token-selectors migration).
      token_hash: row.id,
      secret_hash: row.secretHash,
      kind: row.kind,
      grant_id: row.grantId,
      scopes: row.scopes,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      revoked_at: null,
      rotated_at: null,
    }),
);

export async function insertToken(trx: Db | Trx, token: NewToken): Promise<void> {
  await insertTokenRow(trx, {
    id: token.id,
    secretHash: token.secretHash,
    kind: token.kind,
    grantId: token.grantId,
    scopes: token.scopes.join(' '),
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
  });
}

/** A token with everything needed to judge it: its grant, its integration and its user. */
export interface TokenRecord {
  id: string;
  kind: TokenKind;
  scopes: string[];
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  rotatedAt: string | null;
  grantId: string;
  grantType: GrantType;
  grantRevokedAt: string | null;
  grantScopes: string[];
  organizationIds: string[];
  /** The resource (RFC 8707) the token is for: `<BASE_URL>/mcp`, or null for the API. */
  resource: string | null;
  userId: string;
  userEmail: string;
  integrationId: string;
  integrationName: string;
  integrationKind: IntegrationKind;
  /** The app registered itself (RFC 7591). */
  selfRegistered: boolean;
  clientId: string;
  /** The user's role in the organization asked about, or null when not a member (or none asked). */
  membershipRole: Role | null;
}

/**
 * The token with its grant, integration and user, and (in the same round trip) the user's role in
 * the organization the request names, so an API request costs one lookup before its real work.
 */
function tokenQuery(db: Db, lookupKey: string, organizationId: string) {
  return db
    .selectFrom('oauth_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .innerJoin('integrations as i', 'i.id', 'g.integration_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'g.user_id').on('m.organization_id', '=', organizationId),
    )
    .select([
      'm.role as membership_role',
      't.id',
      't.secret_hash',
      't.kind',
      't.scopes',
      't.created_at',
      't.expires_at',
      't.revoked_at',
      't.rotated_at',
      't.grant_id',
      'g.grant_type',
      'g.revoked_at as grant_revoked_at',
      'g.scopes as grant_scopes',
      'g.organization_ids',
      'g.resource',
      'g.user_id',
      'u.email',
      'i.id as integration_id',
      'i.name as integration_name',
      'i.kind as integration_kind',
      'i.client_id',
      'i.registered_at as integration_registered_at',
    ])
    .where('t.token_hash', '=', lookupKey);
}

/** Every request looks its token up: the query is compiled once per dialect. */
const runTokenQuery = precompiledQuery((db, params: { lookupKey: string; organizationId: string }) =>
  tokenQuery(db, params.lookupKey, params.organizationId),
);

/**
 * The token `presented` is, when it is one: its row found by the id it carries, and accepted only
 * when the SHA-256 of the whole value matches (a token issued before tokens carried their id is
 * found by that hash itself). `organizationId` (optional) fills `membershipRole`: the user's role
 * there, or null.
 */
export async function findPresentedToken(
  db: Db,
  presented: string,
  organizationId = '',
): Promise<TokenRecord | undefined> {
  // The key: the id the token carries, or the SHA-256 of the whole value for a token issued before
  // tokens carried their id (never the same: 26 characters against 43).
  const id = tokenIdOf(presented);
  const [row] = await runTokenQuery(db, { lookupKey: id ?? hashCredential(presented), organizationId });
  if (!row) return undefined;
  // A token that carries its id is accepted only by the hash of its whole value; a row found by
  // the hash itself must be one of the tokens from before, which have no other.
  const verified =
    id === undefined
      ? row.secret_hash === null
      : row.secret_hash !== null && credentialMatches(presented, row.secret_hash);
  if (!verified) return undefined;
  return {
    membershipRole: row.membership_role,
    id: row.id,
    kind: row.kind,
    scopes: row.scopes.split(' ').filter(Boolean),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    rotatedAt: row.rotated_at,
    grantId: row.grant_id,
    grantType: row.grant_type,
    grantRevokedAt: row.grant_revoked_at,
    grantScopes: row.grant_scopes.split(' ').filter(Boolean),
    organizationIds: organizationIdsOf(row),
    resource: row.resource,
    userId: row.user_id,
    userEmail: row.email,
    integrationId: row.integration_id,
    integrationName: row.integration_name,
    integrationKind: row.integration_kind,
    clientId: row.client_id,
    selfRegistered: row.integration_registered_at !== null,
  };
}

/** Whether a token may be used now: not revoked, not expired, its grant not revoked. */
export function isTokenLive(token: TokenRecord, now: string): boolean {
  return token.revokedAt === null && token.grantRevokedAt === null && token.expiresAt > now;
}

/**
 * Marks a refresh token rotated, atomically: of concurrent refreshes with one token exactly
 * one gets `true` (RFC 9700 §4.14.2). A conditional update, not a read-then-write.
 */
export async function claimRefreshToken(db: Db, tokenId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_tokens')
    .set({ rotated_at: now, revoked_at: now })
    .where('id', '=', tokenId)
    .where('kind', '=', 'refresh')
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes one token, leaving its grant and the grant's other tokens alone. */
export async function revokeTokenAlone(db: Db, tokenId: string, now: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
}
