/**
 * Deliveries follow the grant (SPEC §8): an integration receives an organization's events only
 * while it may read them. A private integration may while its owner is a member of its
 * organization; a public one while a member of the organization holds a live, unrevoked grant to
 * it for that organization. Revoking the app, deleting the integration (its endpoints go with
 * it) or removing the member stops deliveries at once; a private integration whose owner was
 * removed has ended, and stays so if they are added again.
 */
import { sql } from 'kysely';
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';

export async function mayReceive(
  db: Db,
  integrationId: string,
  organizationId: string,
  now: number,
): Promise<boolean> {
  const integration = await db
    .selectFrom('integrations')
    .select(['kind', 'organization_id', 'owner_user_id', 'ended_at'])
    .where('id', '=', integrationId)
    .executeTakeFirst();
  if (!integration) return false;
  if (integration.kind === 'private') {
    if (
      integration.organization_id !== organizationId ||
      !integration.owner_user_id ||
      integration.ended_at !== null
    )
      return false;
    const owner = await db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', integration.owner_user_id)
      .executeTakeFirst();
    return owner !== undefined;
  }
  const grant = await db
    .selectFrom('oauth_grants as g')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'g.user_id').on('m.organization_id', '=', organizationId),
    )
    .select('g.id')
    .where('g.integration_id', '=', integrationId)
    .where('g.grant_type', '=', 'authorization_code')
    .where('g.revoked_at', 'is', null)
    .where('g.expires_at', '>', isoTime(now))
    .where(sql<boolean>`g.organization_ids like ${`%"${organizationId}"%`}`)
    .executeTakeFirst();
  return grant !== undefined;
}
