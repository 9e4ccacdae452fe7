/**
 * The integrations a user has authorized (Connected apps), and withdrawing one: every grant of
 * that user to that integration is revoked, so all its tokens stop working at once.
 */
import type { Db } from '../db/database.js';
import { organizationIdsOf } from './grant.codec.js';
import { revokeGrants } from './grant.repository.js';

export interface ConnectedApp {
  integrationId: string;
  integrationName: string;
  /** An assistant that registered itself (RFC 7591): its name is its own claim. */
  selfRegistered: boolean;
  scopes: string[];
  organizationIds: string[];
  firstAuthorizedAt: string;
  lastAuthorizedAt: string;
}

function liveGrantsOfUser(db: Db, userId: string, now: string) {
  return db
    .selectFrom('oauth_grants as g')
    .innerJoin('integrations as i', 'i.id', 'g.integration_id')
    .where('g.user_id', '=', userId)
    .where('g.grant_type', '=', 'authorization_code')
    .where('g.revoked_at', 'is', null)
    .where('g.expires_at', '>', now);
}

export async function listConnectedApps(db: Db, userId: string, now: string): Promise<ConnectedApp[]> {
  const rows = await liveGrantsOfUser(db, userId, now)
    .select([
      'g.integration_id',
      'i.name',
      'i.registered_at',
      'g.scopes',
      'g.organization_ids',
      'g.created_at',
    ])
    .orderBy('i.name')
    .orderBy('g.created_at')
    .execute();
  const apps = new Map<string, ConnectedApp>();
  for (const row of rows) {
    const app = apps.get(row.integration_id) ?? {
      integrationId: row.integration_id,
      integrationName: row.name,
      selfRegistered: row.registered_at !== null,
      scopes: [],
      organizationIds: [],
      firstAuthorizedAt: row.created_at,
      lastAuthorizedAt: row.created_at,
    };
    app.scopes = [...new Set([...app.scopes, ...row.scopes.split(' ').filter(Boolean)])];
    app.organizationIds = [...new Set([...app.organizationIds, ...organizationIdsOf(row)])];
    app.lastAuthorizedAt = row.created_at;
    apps.set(row.integration_id, app);
  }
  return [...apps.values()];
}

/** Revokes every grant the user gave the integration; returns how many tokens stopped working. */
export async function disconnectApp(
  db: Db,
  userId: string,
  integrationId: string,
  now: string,
): Promise<number> {
  const grants = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('user_id', '=', userId)
    .where('integration_id', '=', integrationId)
    .where('revoked_at', 'is', null)
    .execute();
  return revokeGrants(
    db,
    grants.map((g) => g.id),
    now,
  );
}
