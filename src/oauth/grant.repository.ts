import type { Db } from '../db/database.js';
import { newId, nowIso } from '../db/ids.js';
import { precompiledStatement } from '../db/precompiled.js';
import type { GrantType } from './oauth.table.js';

export interface Grant {
  id: string;
  integrationId: string;
  userId: string;
  grantType: GrantType;
  scopes: string[];
  organizationIds: string[];
  createdAt: string;
}

export interface NewGrant {
  integrationId: string;
  userId: string;
  grantType: GrantType;
  scopes: readonly string[];
  organizationIds: readonly string[];
  expiresAt: string;
}

/** Every token request makes a grant: the insert is compiled once. */
const insertGrantRow = precompiledStatement<[string, string, string, string, string, string, string, string]>(
  8,
  (db, id, integrationId, userId, grantType, scopes, organizationIds, createdAt, expiresAt) =>
    db.insertInto('oauth_grants').values({
      id: id!,
      integration_id: integrationId!,
      user_id: userId!,
      grant_type: grantType as GrantType,
      scopes: scopes!,
      organization_ids: organizationIds!,
      created_at: createdAt!,
      expires_at: expiresAt!,
      revoked_at: null,
    }),
);

export async function insertGrant(db: Db, grant: NewGrant): Promise<Grant> {
  const id = newId();
  const createdAt = nowIso();
  await insertGrantRow(
    db,
    id,
    grant.integrationId,
    grant.userId,
    grant.grantType,
    grant.scopes.join(' '),
    JSON.stringify(grant.organizationIds),
    createdAt,
    grant.expiresAt,
  );
  return { id, ...grant, scopes: [...grant.scopes], organizationIds: [...grant.organizationIds], createdAt };
}

/** Extends how long a grant must be kept: to the expiry of its newest token. */
export async function extendGrant(db: Db, grantId: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('oauth_grants')
    .set({ expires_at: expiresAt })
    .where('id', '=', grantId)
    .where('expires_at', '<', expiresAt)
    .execute();
}

/**
 * Revokes a grant and every token issued under it: the token family (RFC 9700 §4.14.2,
 * RFC 7009 §2.1). Returns how many tokens were live.
 */
export async function revokeGrants(db: Db, grantIds: readonly string[]): Promise<number> {
  if (grantIds.length === 0) return 0;
  const now = nowIso();
  await db
    .updateTable('oauth_grants')
    .set({ revoked_at: now })
    .where('id', 'in', grantIds)
    .where('revoked_at', 'is', null)
    .execute();
  const result = await db
    .updateTable('oauth_tokens')
    .set({ revoked_at: now })
    .where('grant_id', 'in', grantIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
