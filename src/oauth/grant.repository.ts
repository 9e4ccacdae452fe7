/**
 * Grants: what a user (or a private integration's owner) allowed an integration, to which
 * organizations and scopes. Every token belongs to one grant; revoking the grant revokes the
 * whole token family. A grant's expiry follows its longest-lived token, so pruning can tell when
 * nothing live is left.
 */
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
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
  createdAt: string;
  expiresAt: string;
}

/** Every token request makes a grant: the insert is compiled once. */
const insertGrantRow = precompiledStatement(
  (
    db,
    row: {
      id: string;
      integrationId: string;
      userId: string;
      grantType: GrantType;
      scopes: string;
      organizationIds: string;
      createdAt: string;
      expiresAt: string;
    },
  ) =>
    db.insertInto('oauth_grants').values({
      id: row.id,
      integration_id: row.integrationId,
      user_id: row.userId,
      grant_type: row.grantType,
      scopes: row.scopes,
      organization_ids: row.organizationIds,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      revoked_at: null,
    }),
);

export async function insertGrant(trx: Db | Trx, grant: NewGrant): Promise<Grant> {
  const id = newId();
  await insertGrantRow(trx, {
    id,
    integrationId: grant.integrationId,
    userId: grant.userId,
    grantType: grant.grantType,
    scopes: grant.scopes.join(' '),
    organizationIds: JSON.stringify(grant.organizationIds),
    createdAt: grant.createdAt,
    expiresAt: grant.expiresAt,
  });
  return {
    id,
    integrationId: grant.integrationId,
    userId: grant.userId,
    grantType: grant.grantType,
    scopes: [...grant.scopes],
    organizationIds: [...grant.organizationIds],
    createdAt: grant.createdAt,
  };
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
export async function revokeGrants(db: Db | Trx, grantIds: readonly string[], now: string): Promise<number> {
  if (grantIds.length === 0) return 0;
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
