/**
 * All rows or none (SPEC §10): the import is one transaction, so a single bad row, even the
 * 50,000th, leaves nothing written (100,000 good rows are measured by bench/csv-import.ts).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { count, csvFile, importCsv } from './csv-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;
  let org: string;

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
  });

  it('writes nothing when only the 50,000th row is bad', async () => {
    const rows = Array.from({ length: 49_999 }, (_, i) => `Bulk ${i},bulk${i}@example.com`);
    rows[49_998] = 'Bulk last,not an address';
    const result = await importCsv(env(), org, 'accounts', csvFile(['name,email', ...rows].join('\n')));
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr.split('\n')[0],
      '  row 50000, column email: "not an address" is not an e-mail address.',
    );
    const names = await suite.db
      .selectFrom('accounts')
      .select('id')
      .where('organization_id', '=', org)
      .where('name', 'like', 'Bulk%')
      .execute();
    assert.equal(names.length, 0);
    assert.equal(await count(suite.db, 'changes', org), 0, 'no event of a record never written');
  });
});
