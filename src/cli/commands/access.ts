/** `marquee users set-password` and `marquee members remove` (SPEC §3). */
import { systemClock } from '../../clock.js';
import { setPassword } from '../../identity/account-access.js';
import { requireOrganization, requireUserByEmail } from '../../identity/identity.service.js';
import { removeMember } from '../../identity/team.commands.js';
import { write } from '../../writes/unit-of-work.js';
import type { Command } from '../command.js';
import { passwordOption, readPassword } from '../password-input.js';
import { requireString } from '../values.js';
import { withDatabase } from '../with-database.js';
import { operatorActor } from '../../policy/actor.js';

export const usersSetPasswordCommand: Command = {
  path: ['users', 'set-password'],
  usage: 'marquee users set-password --email E (--password P | --password-stdin) [--json]',
  summary: "Set a user's password; their sign-in sessions end.",
  options: { email: { type: 'string' }, ...passwordOption },
  async run({ config, values, output }) {
    const email = requireString(values, 'email');
    const password = await readPassword(values);
    const user = await withDatabase(config, (db) => setPassword(db, { email, password }, systemClock.now()));
    output.result({ id: user.id, email: user.email });
  },
};

export const membersRemoveCommand: Command = {
  path: ['members', 'remove'],
  usage: 'marquee members remove --org ORG_ID --email E [--json]',
  summary:
    'Remove a member: their grants for the organization and the private integrations they own there stop.',
  options: { org: { type: 'string' }, email: { type: 'string' } },
  async run({ config, values, output }) {
    const org = requireString(values, 'org');
    const email = requireString(values, 'email');
    const removed = await withDatabase(config, async (db) => {
      await requireOrganization(db, org);
      const user = await requireUserByEmail(db, email);
      return write({ db, clock: systemClock }, operatorActor(org), removeMember, {
        userId: user.id,
        notMember: `${user.email} is not a member of this organization.`,
      });
    });
    output.result({ user_id: removed.userId, org_id: removed.organizationId, removed: true });
  },
};
