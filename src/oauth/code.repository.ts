/**
 * Authorization codes, stored by hash, bound to client, redirect URI, user, organizations, scopes
 * and PKCE challenge. `claimCode` marks a code used atomically; `linkCodeToGrant` remembers what
 * it was exchanged for, so a replayed code can revoke that grant (RFC 6749 §4.1.2).
 */
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { organizationIdsOf } from './grant.codec.js';
import type { OAuthCodeTable } from './oauth.table.js';

export interface NewAuthorizationCode {
  codeHash: string;
  integrationId: string;
  userId: string;
  redirectUri: string;
  scopes: readonly string[];
  organizationIds: readonly string[];
  codeChallenge: string | undefined;
  resource: string | undefined;
  createdAt: string;
  expiresAt: string;
}

export interface AuthorizationCode {
  id: string;
  integrationId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  organizationIds: string[];
  codeChallenge: string | null;
  resource: string | null;
  expiresAt: string;
  usedAt: string | null;
  grantId: string | null;
}

function toCode(row: OAuthCodeTable): AuthorizationCode {
  return {
    id: row.id,
    integrationId: row.integration_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scopes: row.scopes.split(' ').filter(Boolean),
    organizationIds: organizationIdsOf(row),
    codeChallenge: row.code_challenge,
    resource: row.resource,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    grantId: row.grant_id,
  };
}

export async function insertCode(db: Db, code: NewAuthorizationCode): Promise<void> {
  await db
    .insertInto('oauth_codes')
    .values({
      id: newId(),
      code_hash: code.codeHash,
      integration_id: code.integrationId,
      user_id: code.userId,
      redirect_uri: code.redirectUri,
      scopes: code.scopes.join(' '),
      organization_ids: JSON.stringify(code.organizationIds),
      code_challenge: code.codeChallenge ?? null,
      resource: code.resource ?? null,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      used_at: null,
      grant_id: null,
    })
    .execute();
}

/**
 * Marks a code used, atomically: of any number of concurrent exchanges exactly one gets the
 * row back (a conditional update, so no read-then-write race on either database).
 */
export async function claimCode(
  db: Db,
  codeHash: string,
  now: string,
): Promise<AuthorizationCode | undefined> {
  const row = await db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && toCode(row);
}

export async function findCode(db: Db, codeHash: string): Promise<AuthorizationCode | undefined> {
  const row = await db
    .selectFrom('oauth_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return row && toCode(row);
}

export async function linkCodeToGrant(db: Db, codeId: string, grantId: string): Promise<void> {
  await db.updateTable('oauth_codes').set({ grant_id: grantId }).where('id', '=', codeId).execute();
}
