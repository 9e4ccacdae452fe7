/** `marquee integrations list | delete | rotate-secret` (SPEC §3). */
import { InputError, NotFoundError } from '../../errors.js';
import { requireOrganization } from '../../identity/identity.service.js';
import { findUserById } from '../../identity/user.repository.js';
import { systemClock } from '../../clock.js';
import { operatorActor } from '../../policy/actor.js';
import {
  deleteIntegrationCommand,
  rotateIntegrationSecret,
} from '../../integrations/integration.commands.js';
import { deleteRegisteredClient } from '../../oauth/registration/registered-clients.js';
import { write } from '../../writes/unit-of-work.js';
import {
  findIntegration,
  type Integration,
  listIntegrationsOfOrganization,
} from '../../integrations/integration.repository.js';
import type { Db } from '../../db/database.js';
import type { Command } from '../command.js';
import { requireString } from '../values.js';
import { withDatabase } from '../with-database.js';

async function requireIntegration(db: Db, id: string): Promise<Integration> {
  const integration = await findIntegration(db, id);
  if (!integration)
    throw new NotFoundError(`No integration has the id "${id}"; see "marquee integrations list".`);
  return integration;
}

export const integrationsListCommand: Command = {
  path: ['integrations', 'list'],
  usage: 'marquee integrations list --org ORG_ID [--json]',
  summary: "List an organization's integrations.",
  options: { org: { type: 'string' } },
  async run({ config, values, output, json }) {
    const organizationId = requireString(values, 'org');
    const integrations = await withDatabase(config, async (db) => {
      // An unknown organization is refused as every command refuses it, never listed as empty.
      await requireOrganization(db, organizationId);
      return Promise.all(
        (await listIntegrationsOfOrganization(db, organizationId)).map(async (i) => ({
          id: i.id,
          name: i.name,
          kind: i.kind,
          client_id: i.clientId,
          scopes: i.scopes.join(' '),
          redirect_uris: i.redirectUris,
          require_pkce: i.requirePkce,
          owner_email: i.ownerUserId ? ((await findUserById(db, i.ownerUserId))?.email ?? null) : null,
        })),
      );
    });
    if (json) {
      output.result({ integrations });
      return;
    }
    if (integrations.length === 0) output.line('No integrations.');
    for (const i of integrations) {
      const reach =
        i.kind === 'private' ? `acts as ${i.owner_email ?? '(no owner)'}` : i.redirect_uris.join(' ');
      output.line(`${i.id}  ${i.kind.padEnd(7)}  ${i.name}  ${i.client_id}  [${i.scopes}]  ${reach}`);
    }
  },
};

export const integrationsDeleteCommand: Command = {
  path: ['integrations', 'delete'],
  usage: 'marquee integrations delete --id ID [--json]',
  summary: 'Delete an integration: every token and webhook endpoint of it stops at once.',
  options: { id: { type: 'string' } },
  async run({ config, values, output }) {
    const id = requireString(values, 'id');
    await withDatabase(config, async (db) => {
      const { organizationId } = await requireIntegration(db, id);
      // An assistant that registered itself (RFC 7591) belongs to no organization: no one's data
      // is written by deleting it.
      if (organizationId === null) await deleteRegisteredClient(db, id);
      else
        await write({ db, clock: systemClock }, operatorActor(organizationId), deleteIntegrationCommand, {
          id,
        });
    });
    output.result({ id, deleted: true });
  },
};

export const integrationsRotateSecretCommand: Command = {
  path: ['integrations', 'rotate-secret'],
  usage: 'marquee integrations rotate-secret --id ID [--json]',
  summary: 'Issue a new client secret (shown once); the old one stops working at once.',
  options: { id: { type: 'string' } },
  async run({ config, values, output }) {
    const id = requireString(values, 'id');
    const { integration, secret } = await withDatabase(config, async (db) => {
      const found = await requireIntegration(db, id);
      if (found.organizationId === null)
        throw new InputError(`${found.name} was made without a client secret: there is none to rotate.`);
      const actor = operatorActor(found.organizationId);
      return {
        integration: found,
        secret: await write({ db, clock: systemClock }, actor, rotateIntegrationSecret, { id }),
      };
    });
    output.result({ id, client_id: integration.clientId, client_secret: secret });
    output.line('\nThe client secret is shown only this once; store it now.');
  },
};
