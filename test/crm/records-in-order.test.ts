/**
 * Reading an organization's records oldest first, page by page (src/crm/keyset-pages.ts), as the
 * CSV exports do: past several pages, with many records sharing one created_at, every record of
 * the organization comes exactly once, in the database's own order of (created_at, id), and none
 * of another organization's.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { PAGE } from '../../src/crm/keyset-pages.js';
import { recordsInOrder } from '../../src/crm/records-in-order.js';
import { insertAccount } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';

/** Two pages and part of a third. */
const COUNT = PAGE * 2 + 300;
/** Records made at one instant: a page ends inside such a run more often than not. */
const SAME_INSTANT = 7;

eachDatabase((suite) => {
  let organizationId: string;

  before(async () => {
    organizationId = (await makeOrganization(suite.db)).id;
    const other = (await makeOrganization(suite.db)).id;
    const start = Date.parse('2031-03-30T23:59:00.000Z');
    const accounts = [
      ...Array.from({ length: COUNT }, (_, i) => ({ organizationId, i })),
      // Another organization's, at the same instants: never read.
      ...Array.from({ length: 40 }, (_, i) => ({ organizationId: other, i: i * 50 })),
    ];
    for (let n = 0; n < accounts.length; n += 100) {
      await Promise.all(
        accounts.slice(n, n + 100).map(({ organizationId: org, i }) =>
          insertAccount(suite.db, {
            organizationId: org,
            name: `Account ${i}`,
            createdAt: isoTime(start + Math.floor(i / SAME_INSTANT) * 1000),
          }),
        ),
      );
    }
  });

  it('reads every record once, oldest first with ties in id order, across pages', async () => {
    const read: string[] = [];
    for await (const account of recordsInOrder(suite.db, organizationId, 'accounts')) read.push(account.id);
    const expected = await sql<{
      id: string;
    }>`select id from accounts where organization_id = ${organizationId}
      order by created_at, id`.execute(suite.db);
    assert.equal(read.length, COUNT);
    assert.equal(new Set(read).size, COUNT);
    assert.deepEqual(
      read,
      expected.rows.map((row) => row.id),
    );
  });
});
