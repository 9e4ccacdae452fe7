/** Precompiled statements: compiled once, run on the database or inside its transactions. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId, nowIso } from '../../src/db/ids.js';
import { precompile, precompiledStatement } from '../../src/db/precompiled.js';
import { eachDatabase } from '../helpers/databases.js';

const insertOrganization = precompiledStatement<[string, string, string]>(3, (db, id, name, at) =>
  db.insertInto('organizations').values({ id: id!, name: name!, created_at: at!, updated_at: at! }),
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

  it('runs with each call’s values, on the database and inside a transaction', async () => {
    const [a, b, c] = [newId(), newId(), newId()];
    await insertOrganization(suite.db, a, 'Alpha hall', nowIso());
    await suite.db.transaction().execute(async (trx) => {
      await insertOrganization(trx, b, 'Beta hall', nowIso());
      await insertOrganization(trx, c, 'Gamma hall', nowIso());
    });
    assert.deepEqual(await names([a, b, c]), ['Alpha hall', 'Beta hall', 'Gamma hall']);
  });

  it('is rolled back with its transaction', async () => {
    const id = newId();
    await assert.rejects(
      suite.db.transaction().execute(async (trx) => {
        await insertOrganization(trx, id, 'Rolled back', nowIso());
        throw new Error('abort');
      }),
      /abort/,
    );
    assert.deepEqual(await names([id]), []);
  });

  it('refuses, when compiled, a query whose parameters are not all its arguments', () => {
    const captured = 'a value captured from outside';
    // A value fixed at compile time would be sent with every later call: refused outright.
    assert.throws(
      () =>
        precompile<[string], { id: string }>(suite.db, 1, (id) =>
          suite.db
            .selectFrom('organizations')
            .select('id')
            .where('id', '=', id!)
            .where('name', '=', captured),
        ),
      /not one of the markers/,
    );
  });
});
