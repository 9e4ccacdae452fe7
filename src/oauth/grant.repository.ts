/**
 * Grants: what a user (or a private integration's owner) allowed an integration, to which
 * organizations and scopes. Every token belongs to one grant; revoking the grant revokes the
 * whole token family (a private integration's client-credentials tokens share one grant). A
 * grant's expiry follows its longest-lived token, so pruning can tell when nothing live is left.
 */
import type { Db, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { sql } from 'kysely';
import { precompiledQuery, precompiledStatement } from '../db/precompiled.js';
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
  /** The resource (RFC 8707) its tokens are for; absent for the API. */
  resource?: string | null;
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
      resource: string | null;
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
      resource: row.resource,
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
    resource: grant.resource ?? null,
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

/** A live grant a new token may be issued under, and until when it is kept. */
export interface LiveGrant {
  id: string;
  expiresAt: string;
}

/**
 * The live client-credentials grant of an integration's owner for exactly these scopes and
 * organizations (the one kept longest), through the partial index of live ones.
 */
const findClientCredentialsGrantRow = precompiledQuery(
  (db, key: { integrationId: string; userId: string; scopes: string; organizationIds: string }) =>
    db
      .selectFrom('oauth_grants')
      .select(['id', 'expires_at'])
      .where('integration_id', '=', key.integrationId)
      .where('user_id', '=', key.userId)
      // Literals, as the partial index's condition is written (a bound value could not use it).
      .where(sql<boolean>`grant_type = 'client_credentials' and revoked_at is null`)
      .where('scopes', '=', key.scopes)
      .where('organization_ids', '=', key.organizationIds)
      .orderBy('expires_at', 'desc')
      .limit(sql.lit(1)),
);

/** What an integration's client-credentials tokens share a grant by. */
export interface ClientCredentialsGrantKey {
  integrationId: string;
  userId: string;
  scopes: readonly string[];
  organizationIds: readonly string[];
}

export async function findClientCredentialsGrant(
  db: Db | Trx,
  key: ClientCredentialsGrantKey,
): Promise<LiveGrant | undefined> {
  const [row] = await findClientCredentialsGrantRow(db, {
    integrationId: key.integrationId,
    userId: key.userId,
    scopes: key.scopes.join(' '),
    organizationIds: JSON.stringify(key.organizationIds),
  });
  return row ? { id: row.id, expiresAt: row.expires_at } : undefined;
}

/** The integration's client-credentials grants still live (a rotated secret ends them). */
export async function clientCredentialsGrantIds(db: Db | Trx, integrationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('integration_id', '=', integrationId)
    .where('grant_type', '=', 'client_credentials')
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
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
