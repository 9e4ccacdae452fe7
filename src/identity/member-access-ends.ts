/**
 * What a removal ends (src/identity/team.commands.ts), in the removal's unit of work.
 */
import { isoTime } from '../clock.js';
import { revokeGrants } from '../oauth/grant.repository.js';
import type { Work } from '../writes/unit-of-work.js';

/**
 * Ends what acts as a departed member in the organization: grants for it alone (a grant also
 * covering other organizations keeps working there and is refused here, since every request
 * checks membership), their API keys and calendar feeds, and the private integrations they own
 * (with every grant of theirs). None comes back if they are added again.
 */
export async function endAccessOf({ trx, actor, now }: Work, userId: string): Promise<void> {
  const organizationId = actor.organizationId;
  const at = isoTime(now);
  const grants = await trx
    .selectFrom('oauth_grants as g')
    .leftJoin('integrations as i', 'i.id', 'g.integration_id')
    .select('g.id')
    .where('g.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('g.user_id', '=', userId),
          eb('g.organization_ids', '=', JSON.stringify([organizationId])),
        ]),
        eb.and([eb('i.owner_user_id', '=', userId), eb('i.organization_id', '=', organizationId)]),
      ]),
    )
    .execute();
  await revokeGrants(
    trx,
    grants.map((g) => g.id),
    at,
  );
  for (const table of ['api_keys', 'calendar_feeds'] as const) {
    await trx
      .updateTable(table)
      .set({ revoked_at: at, revoked_reason: 'member_removed' })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
  await trx
    .updateTable('integrations')
    .set({ ended_at: at, updated_at: at })
    .where('organization_id', '=', organizationId)
    .where('owner_user_id', '=', userId)
    .where('kind', '=', 'private')
    .where('ended_at', 'is', null)
    .execute();
}
