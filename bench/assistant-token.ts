/**
 * An assistant's token for the MCP rows (issue 58), made in the database as the bench makes its
 * other credentials: what an assistant holds after registration, PKCE and consent (as
 * scripts/mcp-session.js walks them): a grant of the demo admin, for `<BASE_URL>/mcp` only
 * (RFC 8707), covering exactly one organization (the reports venue), with both scopes, and an
 * access token of it. Made after the bench integration's grants are widened to every venue
 * (contenders.ts benchToken), which would make this one cover several.
 */
import { isoTime } from '../src/clock.js';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { insertGrant } from '../src/oauth/grant.repository.js';
import { mcpResource } from '../src/oauth/resource.js';
import { issueTokens } from '../src/oauth/token-issuer.js';

const DAY_SECONDS = 86_400;

export async function assistantToken(
  db: Db,
  config: Config,
  grant: { integrationId: string; userId: string; organizationId: string },
): Promise<string> {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const made = await insertGrant(trx, {
      integrationId: grant.integrationId,
      userId: grant.userId,
      grantType: 'authorization_code',
      scopes: ['crm_read', 'crm_manage'],
      organizationIds: [grant.organizationId],
      resource: mcpResource(config),
      createdAt: isoTime(now),
      expiresAt: isoTime(now + DAY_SECONDS * 1000),
    });
    // A day: longer than any run (the default access token lives two hours).
    const issued = await issueTokens(
      trx,
      { accessTokenTtl: DAY_SECONDS, refreshTokenTtl: DAY_SECONDS },
      { grantId: made.id, accessScopes: ['crm_read', 'crm_manage'], refreshScopes: undefined, now },
    );
    return issued.access_token;
  });
}
