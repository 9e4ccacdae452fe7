/**
 * Deletes OAuth rows that can no longer be used (SPEC §4): tokens and codes expired or revoked
 * before `cutoff`, and grants with nothing live left. The retention window before `cutoff` keeps
 * recent rows for replay detection and audits.
 */
import type { Db } from '../db/database.js';

export interface OAuthPruneResult {
  tokens: number;
  codes: number;
  grants: number;
}

export async function pruneOAuthRows(db: Db, cutoff: string): Promise<OAuthPruneResult> {
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const tokens = await db
    .deleteFrom('oauth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  const codes = await db.deleteFrom('oauth_codes').where('expires_at', '<', cutoff).executeTakeFirst();
  const grants = await db
    .deleteFrom('oauth_grants')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('oauth_tokens')
            .select('oauth_tokens.id')
            .whereRef('oauth_tokens.grant_id', '=', 'oauth_grants.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return { tokens: count(tokens), codes: count(codes), grants: count(grants) };
}
