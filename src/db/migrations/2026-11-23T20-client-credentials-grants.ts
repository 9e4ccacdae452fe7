/**
 * Client-credentials tokens of one integration share a grant (src/oauth/grants/client-credentials.ts),
 * so issuing a token writes one row instead of two. The live grant to issue under is found by
 * this index, which holds only live client-credentials grants.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index oauth_grants_client_credentials_idx
    on oauth_grants (integration_id, user_id, expires_at)
    where grant_type = 'client_credentials' and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index oauth_grants_client_credentials_idx`.execute(db);
}
