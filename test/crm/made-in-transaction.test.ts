/**
 * A record a transaction made is the organization's without asking the database
 * (src/crm/made-in-transaction.ts), for that organization and that transaction alone, until the
 * transaction deletes a record.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ACCOUNT_ACTIONS, createAccount } from '../../src/crm/accounts/index.js';
import { deleteRecord, idsInOrganization } from '../../src/crm/records.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { isRefusal } from '../../src/writes/refusal.js';
import { write, type Writer } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { TestClock } from '../helpers/test-clock.js';

eachDatabase((suite) => {
  let venue: Venue;
  let other: Venue;
  let writer: Writer;
  let actor: Actor;

  before(async () => {
    venue = await makeVenue(suite.db);
    other = await makeVenue(suite.db);
    const clock = new TestClock();
    clock.setTo(Date.parse('2031-06-02T09:00:00Z'));
    writer = { db: suite.db, clock };
    actor = staffActor({ organizationId: venue.orgId, userId: null, role: 'admin', door: 'api' });
  });

  it('finds a record it made, for its organization only, and none once it deleted a record', async () => {
    const seen: Array<[string, boolean]> = [];
    let made = '';
    await write(
      writer,
      actor,
      {
        action: ACCOUNT_ACTIONS.create,
        run: async (work) => {
          const account = await work.run(createAccount, { name: 'Made here' });
          if (isRefusal(account)) throw account.asError();
          made = account.id;
          const has = async (org: string) =>
            (await idsInOrganization(work.trx, 'accounts', org, [made])).has(made);
          seen.push(['made', await has(venue.orgId)], ['another organization', await has(other.orgId)]);
          const row = await work.trx
            .selectFrom('accounts')
            .selectAll()
            .where('id', '=', made)
            .executeTakeFirstOrThrow();
          await deleteRecord(work.trx, 'accounts', row);
          seen.push(['deleted', await has(venue.orgId)]);
        },
      },
      undefined,
    );
    assert.deepEqual(seen, [
      ['made', true],
      ['another organization', false],
      ['deleted', false],
    ]);
    assert.equal((await idsInOrganization(suite.db, 'accounts', venue.orgId, [made])).size, 0);
  });
});
