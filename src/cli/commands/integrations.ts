import { createIntegration } from '../../integrations/integration.service.js';
import type { Command } from '../command.js';
import { optionalString, requireString } from '../values.js';
import { withDatabase } from '../with-database.js';

export const integrationsCreateCommand: Command = {
  path: ['integrations', 'create'],
  usage:
    'marquee integrations create --org ORG_ID --name N --kind public|private [--redirect-uri URI ...] ' +
    '[--scopes "crm_read crm_manage"] [--owner EMAIL] [--require-pkce] [--no-secret] [--json]',
  summary:
    'Register an integration; its client secret is shown once (--no-secret: an app that cannot keep one).',
  options: {
    org: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    scopes: { type: 'string' },
    owner: { type: 'string' },
    'require-pkce': { type: 'boolean' },
    'no-secret': { type: 'boolean' },
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
      noSecret: values['no-secret'] === true,
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
    output.line(
      clientSecret === null
        ? '\nNo client secret: the app sends its client_id alone, and every authorization needs PKCE (S256).'
        : '\nThe client secret is shown only this once; store it now.',
    );
  },
};
