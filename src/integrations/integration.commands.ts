/**
 * Changing an organization's integrations (SPEC §3, §4) through the unit of work, as every write
 * on its data goes: the policy judges the actor first (its admins, the operator), and each change
 * commits with the organization's lock held. An integration of another organization is a 404.
 */
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { generateClientId, generateCredential } from '../security/credentials.js';
import { clientCredentialsGrantIds, revokeGrants } from '../oauth/grant.repository.js';
import type { Command } from '../writes/command.js';
import { INTEGRATION_ACTIONS } from './integration.policy.js';
import {
  deleteIntegrationRow,
  findIntegration,
  type Integration,
  insertIntegration,
  replaceClientSecretHash,
  updateIntegrationSettings,
} from './integration.repository.js';
import { type CreatedIntegration, checkedIntegration, checkedSettings } from './integration-rules.js';
import type { IntegrationSettingsInput, NewIntegrationInput } from './integration-rules.js';

/** The integration, when the acting organization owns it. */
async function ownIntegration(trx: Trx, organizationId: string, id: unknown): Promise<Integration> {
  const found = typeof id === 'string' ? await findIntegration(trx, id) : undefined;
  if (!found || found.organizationId !== organizationId)
    throw new NotFoundError(`No integration has the id "${String(id)}".`);
  return found;
}

/** A new integration of the acting organization, and its secret (shown once: only its hash is kept). */
export const createIntegrationCommand: Command<
  Omit<NewIntegrationInput, 'organizationId'>,
  CreatedIntegration
> = {
  action: INTEGRATION_ACTIONS.create,
  async run({ trx, actor, now }, input) {
    const checked = await checkedIntegration(trx, { ...input, organizationId: actor.organizationId });
    const secret = input.noSecret ? undefined : generateCredential('clientSecret');
    const integration = await insertIntegration(
      trx,
      {
        ...checked,
        organizationId: actor.organizationId,
        clientId: generateClientId(),
        clientSecretHash: secret?.hash ?? '',
        authMethod: secret ? 'client_secret' : 'none',
        requirePkce: (input.requirePkce ?? false) || !secret,
      },
      now,
    );
    return { integration, clientSecret: secret?.value ?? null };
  },
};

/** Its redirect URIs, scopes and *Require PKCE*. */
export const updateIntegrationCommand: Command<{ id: string; input: IntegrationSettingsInput }, void> = {
  action: INTEGRATION_ACTIONS.update,
  async run({ trx, actor, now }, { id, input }) {
    const integration = await ownIntegration(trx, actor.organizationId, id);
    await updateIntegrationSettings(trx, integration.id, checkedSettings(integration, input), now);
  },
};

/**
 * A new secret; only its hash is kept. Rotating is what an operator does when a secret leaked, so
 * it also ends every token the old secret could have obtained: those of the client-credentials
 * grant. Users' grants (authorization code) stay; their tokens were issued to the users who
 * consented, not to whoever holds the secret.
 */
export const rotateIntegrationSecret: Command<{ id: string }, string> = {
  action: INTEGRATION_ACTIONS.rotate_secret,
  async run({ trx, actor, now }, { id }) {
    const integration = await ownIntegration(trx, actor.organizationId, id);
    if (integration.authMethod === 'none') {
      throw new ValidationError({
        field: 'secret',
        detail: `${integration.name} was made without a client secret: there is none to rotate.`,
      });
    }
    const secret = generateCredential('clientSecret');
    await replaceClientSecretHash(trx, integration.id, secret.hash, now);
    await revokeGrants(trx, await clientCredentialsGrantIds(trx, integration.id), isoTime(now));
    return secret.value;
  },
};

/** Deleting an integration ends every token it holds at once (its grants, codes and tokens cascade). */
export const deleteIntegrationCommand: Command<{ id: string }, void> = {
  action: INTEGRATION_ACTIONS.delete,
  async run({ trx, actor }, { id }) {
    const integration = await ownIntegration(trx, actor.organizationId, id);
    await deleteIntegrationRow(trx, integration.id);
  },
};
