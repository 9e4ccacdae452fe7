import { createOrganization } from '../../identity/identity.service.js';
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
