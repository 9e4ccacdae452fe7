/**
 * Managing an integration after creation (the integration settings pages): editing redirect URIs,
 * scopes and *Require PKCE*, rotating the secret (the old one stops working at once; the new one is shown once)
 * and deleting it (every token it holds stops working at once).
 */
import { isoTime } from '../clock.js';
import type { Db } from '../db/database.js';
import { clientCredentialsGrantIds, revokeGrants } from '../oauth/grant.repository.js';
import { ValidationError } from '../errors.js';
import { generateCredential } from '../oauth/credentials.js';
import {
  deleteIntegrationRow,
  type Integration,
  replaceClientSecretHash,
  updateIntegrationSettings,
} from './integration.repository.js';
import { checkAllowedScopes } from './integration.service.js';
import { checkRedirectUris } from './redirect-uris.js';

export async function updateIntegration(
  db: Db,
  integration: Integration,
  input: { redirectUris: readonly string[]; scopes: string; requirePkce: boolean },
): Promise<void> {
  const redirectUris = checkRedirectUris(input.redirectUris.filter((u) => u.trim() !== ''));
  if (integration.kind === 'private' && redirectUris.length > 0) {
    throw new ValidationError({
      field: 'redirect_uris',
      detail: 'A private integration uses the client credentials grant and has no redirect URIs.',
    });
  }
  if (integration.kind === 'public' && redirectUris.length === 0) {
    throw new ValidationError({
      field: 'redirect_uris',
      detail: 'A public integration needs at least one redirect URI.',
    });
  }
  await updateIntegrationSettings(db, integration.id, {
    redirectUris,
    scopes: checkAllowedScopes(input.scopes),
    requirePkce: input.requirePkce,
  });
}

/**
 * Returns the new secret; only its hash is kept. Rotating is what an operator does when a secret
 * leaked, so it also ends every token the old secret could have obtained: those of the
 * client-credentials grant. Users' grants (authorization code) stay; their tokens were issued to
 * the users who consented, not to whoever holds the secret.
 */
export async function rotateClientSecret(
  db: Db,
  integration: Integration,
  now = Date.now(),
): Promise<string> {
  if (integration.authMethod === 'none') {
    throw new ValidationError({
      field: 'secret',
      detail: `${integration.name} was made without a client secret: there is none to rotate.`,
    });
  }
  const secret = generateCredential('clientSecret');
  await db.transaction().execute(async (trx) => {
    await replaceClientSecretHash(trx, integration.id, secret.hash);
    await revokeGrants(trx, await clientCredentialsGrantIds(trx, integration.id), isoTime(now));
  });
  return secret.value;
}

export async function deleteIntegration(db: Db, integration: Integration): Promise<void> {
  await deleteIntegrationRow(db, integration.id);
}
