/** Precompiled statements: compiled once, run on the database or inside its transactions. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { precompiledQuery, precompiledStatement } from '../../src/db/precompiled.js';
import { eachDatabase } from '../helpers/databases.js';

const insertOrganization = precompiledStatement((db, row: { id: string; name: string; at: string }) =>
  db
    .insertInto('organizations')
    .values({ id: row.id, name: row.name, created_at: row.at, updated_at: row.at }),
);

eachDatabase((suite) => {
  const names = async (ids: string[]) =>
    (
      await suite.db
        .selectFrom('organizations')
        .select('name')
        .where('id', 'in', ids)
        .orderBy('name')
        .execute()
    ).map((r) => r.name);

  it('runs with each call’s values by name, on the database and inside a transaction', async () => {
    const [a, b, c] = [newId(), newId(), newId()];
    await insertOrganization(suite.db, { id: a, name: 'Alpha hall', at: isoTime(Date.now()) });
    await suite.db.transaction().execute(async (trx) => {
      await insertOrganization(trx, { name: 'Beta hall', id: b, at: isoTime(Date.now()) });
      await insertOrganization(trx, { id: c, at: isoTime(Date.now()), name: 'Gamma hall' });
    });
    assert.deepEqual(await names([a, b, c]), ['Alpha hall', 'Beta hall', 'Gamma hall']);
  });

  it('is rolled back with its transaction', async () => {
    const id = newId();
    await assert.rejects(
      suite.db.transaction().execute(async (trx) => {
        await insertOrganization(trx, { id, name: 'Rolled back', at: isoTime(Date.now()) });
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.deepEqual(await names([id]), []);
  });

  it('returns rows, on the database and inside a transaction', async () => {
    const id = newId();
    await insertOrganization(suite.db, { id, name: 'Queried hall', at: isoTime(Date.now()) });
    const byId = precompiledQuery((db, params: { id: string }) =>
      db.selectFrom('organizations').select('name').where('id', '=', params.id),
    );
    assert.deepEqual(await byId(suite.db, { id }), [{ name: 'Queried hall' }]);
    await suite.db.transaction().execute(async (trx) => {
      assert.deepEqual(await byId(trx, { id }), [{ name: 'Queried hall' }]);
    });
  });

  it('refuses, when compiled, a query whose parameters are not all named', async () => {
    const captured = 'a value captured from outside';
    // A value fixed at compile time would be sent with every later call: refused outright.
    const query = precompiledQuery((db, params: { id: string }) =>
      db.selectFrom('organizations').select('id').where('id', '=', params.id).where('name', '=', captured),
    );
    await assert.rejects(query(suite.db, { id: 'x' }), /not a named parameter/);
  });
});
