/**
 * An organization never ends without an admin, even when its two admins demote or remove each
 * other at the same moment (issue 54's audit: 8 of 12 such races on PostgreSQL left none). Role
 * changes and removals take the organization's write lock in one unit of work, and the one who
 * acts second is judged by the role they hold by then.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import type { Actor } from '../../src/policy/actor.js';
import { changeMemberRole, removeMember } from '../../src/identity/team.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { staffActor } from '../../src/policy/actor.js';

const TRIALS = 12;

eachDatabase((suite) => {
  const writer = () => ({ db: suite.db, clock: systemClock });

  async function twoAdmins() {
    const org = await makeOrganization(suite.db);
    const [x, y] = await Promise.all([
      makeUser(suite.db, org.id, { role: 'admin' }),
      makeUser(suite.db, org.id, { role: 'admin' }),
    ]);
    const actor = (userId: string): Actor =>
      staffActor({ organizationId: org.id, userId, role: 'admin', door: 'workspace' });
    return { org: org.id, x: x.id, y: y.id, actor };
  }

  const admins = async (org: string) =>
    (
      await suite.db
        .selectFrom('memberships')
        .select('user_id')
        .where('organization_id', '=', org)
        .where('role', '=', 'admin')
        .execute()
    ).length;

  for (const [name, act] of [
    [
      'demote each other',
      (actor: Actor, other: string) =>
        write(writer(), actor, changeMemberRole, { userId: other, role: 'member' }),
    ],
    [
      'remove each other',
      (actor: Actor, other: string) =>
        write(writer(), actor, removeMember, { userId: other, notMember: 'gone' }),
    ],
    [
      'one demotes while the other removes',
      (actor: Actor, other: string, first: boolean) =>
        first
          ? write(writer(), actor, changeMemberRole, { userId: other, role: 'member' })
          : write(writer(), actor, removeMember, { userId: other, notMember: 'gone' }),
    ],
  ] as const) {
    it(`keeps an admin when two admins ${name} at once (${TRIALS} trials)`, async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { org, x, y, actor } = await twoAdmins();
        const outcomes = await Promise.allSettled([act(actor(x), y, true), act(actor(y), x, false)]);
        const passed = outcomes.filter((o) => o.status === 'fulfilled').length;
        assert.equal(passed, 1, `trial ${trial}: exactly one of the two goes through`);
        const refused = outcomes.find((o) => o.status === 'rejected');
        const code = (refused?.reason as { code?: string } | undefined)?.code;
        assert.ok(code === 'last_admin' || code === 'admin_only', `trial ${trial}: refused as ${code}`);
        assert.equal(await admins(org), 1, `trial ${trial}: one admin left`);
      }
    });
  }
});
