import { createOrganization } from '../../identity/identity.service.js';
import { listOrganizations } from '../../identity/organization.repository.js';
import type { Command } from '../command.js';
import { requireString } from '../values.js';
import { withDatabase } from '../with-database.js';

export const orgsCreateCommand: Command = {
  path: ['orgs', 'create'],
  usage: 'marquee orgs create --name NAME [--json]',
  summary: 'Create an organization (a venue team).',
  options: { name: { type: 'string' } },
  async run({ config, values, output }) {
    const name = requireString(values, 'name');
    const org = await withDatabase(config, (db) => createOrganization(db, name));
    output.result({ id: org.id, name: org.name });
  },
};

export const orgsListCommand: Command = {
  path: ['orgs', 'list'],
  usage: 'marquee orgs list [--json]',
  summary: 'List the organizations, with their ids.',
  options: {},
  async run({ config, output, json }) {
    const organizations = await withDatabase(config, (db) => listOrganizations(db));
    if (json) {
      output.result({ organizations });
      return;
    }
    if (organizations.length === 0) output.line('No organizations.');
    for (const org of organizations) output.line(`${org.id}  ${org.name}`);
  },
};
