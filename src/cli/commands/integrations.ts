import { createIntegration } from '../../integrations/integration.service.js';
import type { Command } from '../command.js';
import { optionalString, requireString } from '../values.js';
import { withDatabase } from '../with-database.js';

export const integrationsCreateCommand: Command = {
  path: ['integrations', 'create'],
  usage:
    'marquee integrations create --org ORG_ID --name N --kind public|private [--redirect-uri URI ...] ' +
    '[--scopes "crm_read crm_manage"] [--owner EMAIL] [--require-pkce] [--json]',
  summary: 'Register an integration; its client secret is shown once.',
  options: {
    org: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    scopes: { type: 'string' },
    owner: { type: 'string' },
    'require-pkce': { type: 'boolean' },
  },
  async run({ config, values, output }) {
    const input = {
      organizationId: requireString(values, 'org'),
      name: requireString(values, 'name'),
      kind: requireString(values, 'kind'),
      redirectUris: (values['redirect-uri'] as string[] | undefined) ?? [],
      scopes: optionalString(values, 'scopes'),
      ownerEmail: optionalString(values, 'owner'),
      requirePkce: values['require-pkce'] === true,
    };
    const { integration, clientSecret } = await withDatabase(config, (db) => createIntegration(db, input));
    output.result({
      id: integration.id,
      client_id: integration.clientId,
      client_secret: clientSecret,
      kind: integration.kind,
      redirect_uris: integration.redirectUris,
      scopes: integration.scopes.join(' '),
    });
    output.line('\nThe client secret is shown only this once; store it now.');
  },
};
