/** Group commit: jobs arriving together share one transaction; a failing job fails alone. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { Trx } from '../../src/db/database.js';
import { GroupCommit } from '../../src/db/group-commit.js';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { eachDatabase } from '../helpers/databases.js';
import { openSecondConnection } from '../helpers/second-connection.js';
import { startTestServer } from '../helpers/app.js';

eachDatabase((suite) => {
  let other: DatabaseHandle;
  before(() => {
    other = openSecondConnection(suite.database);
  });
  after(() => other.close());

  const insertOrganization = (trx: Trx, id: string) =>
    trx
      .insertInto('organizations')
      .values({ id, name: `Group ${id}`, created_at: isoTime(Date.now()), updated_at: isoTime(Date.now()) })
      .execute();
  const committed = async (ids: string[]) =>
    (await other.db.selectFrom('organizations').select('id').where('id', 'in', ids).execute())
      .map((r) => r.id)
      .sort();

  it('commits jobs that arrive together in one transaction, each caller getting its own result', async () => {
    const writes = new GroupCommit(suite.db);
    const ids = Array.from({ length: 12 }, () => newId());
    const transactions = new Set<Trx>();
    const results = await Promise.all(
      ids.map((id) =>
        writes.run(async (trx) => {
          transactions.add(trx);
          await insertOrganization(trx, id);
          return `made ${id}`;
        }),
      ),
    );
    assert.deepEqual(
      results,
      ids.map((id) => `made ${id}`),
    );
    assert.equal(transactions.size, 1, 'one transaction for the whole batch');
    // Once run() has resolved, the writes are committed: another connection sees them.
    assert.deepEqual(await committed(ids), [...ids].sort());
  });

  it('fails only the job that fails; the others are committed', async () => {
    const writes = new GroupCommit(suite.db);
    const ids = Array.from({ length: 6 }, () => newId());
    const duplicate = ids[0]!;
    const outcomes = await Promise.allSettled([
      ...ids.map((id) => writes.run((trx) => insertOrganization(trx, id))),
      // The same primary key again: a constraint violation in the middle of the batch.
      writes.run((trx) => insertOrganization(trx, duplicate)),
      writes.run(async () => {
        throw new Error('this job fails by itself');
      }),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      [...ids.map(() => 'fulfilled'), 'rejected', 'rejected'],
    );
    assert.match(String((outcomes.at(-1) as PromiseRejectedResult).reason), /fails by itself/);
    assert.deepEqual(await committed(ids), [...ids].sort());
  });

  it('keeps batching while earlier batches commit', async () => {
    const writes = new GroupCommit(suite.db);
    const first = Array.from({ length: 5 }, () => newId());
    const second = Array.from({ length: 5 }, () => newId());
    const running = first.map((id) => writes.run((trx) => insertOrganization(trx, id)));
    await new Promise((resolve) => setImmediate(resolve));
    running.push(...second.map((id) => writes.run((trx) => insertOrganization(trx, id))));
    await Promise.all(running);
    assert.deepEqual(await committed([...first, ...second]), [...first, ...second].sort());
  });

  it('shares commits on SQLite only: on PostgreSQL each job has its own transaction, at once', async () => {
    const server = await startTestServer(suite.database);
    try {
      const ids = Array.from({ length: 6 }, () => newId());
      const transactions = new Set<Trx>();
      let running = 0;
      let mostAtOnce = 0;
      await Promise.all(
        ids.map((id) =>
          server.app.ctx.writes.run(async (trx) => {
            transactions.add(trx);
            mostAtOnce = Math.max(mostAtOnce, ++running);
            await insertOrganization(trx, id);
            running--;
          }),
        ),
      );
      if (suite.database.dialect === 'sqlite') {
        assert.equal(transactions.size, 1);
      } else {
        assert.equal(transactions.size, ids.length);
        assert.ok(mostAtOnce > 1, 'the jobs ran side by side');
      }
      assert.deepEqual(await committed(ids), [...ids].sort());
    } finally {
      await server.close();
    }
  });
});
