import { addMember, createUser } from '../../identity/identity.service.js';
import type { Command } from '../command.js';
import { optionalString, requireString } from '../values.js';
import { passwordOption, readPassword } from '../password-input.js';
import { withDatabase } from '../with-database.js';

export const usersCreateCommand: Command = {
  path: ['users', 'create'],
  usage:
    'marquee users create --org ORG_ID --email E (--password P | --password-stdin) [--role admin|member] [--name N] [--json]',
  summary: 'Create a user who belongs to an organization.',
  options: {
    org: { type: 'string' },
    email: { type: 'string' },
    ...passwordOption,
    role: { type: 'string' },
    name: { type: 'string' },
  },
  async run({ config, values, output }) {
    const input = {
      organizationId: requireString(values, 'org'),
      email: requireString(values, 'email'),
      password: await readPassword(values),
      role: optionalString(values, 'role'),
      name: optionalString(values, 'name'),
    };
    const user = await withDatabase(config, (db) => createUser(db, input));
    output.result({ id: user.id, email: user.email, org_id: user.organizationId, role: user.role });
  },
};

export const membersAddCommand: Command = {
  path: ['members', 'add'],
  usage: 'marquee members add --org ORG_ID --email E [--role admin|member] [--json]',
  summary: 'Add an existing user to another organization.',
  options: { org: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  async run({ config, values, output }) {
    const org = requireString(values, 'org');
    const email = requireString(values, 'email');
    const role = optionalString(values, 'role');
    const member = await withDatabase(config, (db) => addMember(db, org, email, role));
    output.result({ user_id: member.userId, org_id: member.organizationId, role: member.role });
  },
};
