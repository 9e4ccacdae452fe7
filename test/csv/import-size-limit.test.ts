/**
 * `marquee import` refuses a file over IMPORT_MAX_BYTES in one line (exit 2), writing nothing:
 * before reading it when its size is known, and as soon as it grows past the limit when it is
 * read from standard input; a file within the limit imports.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { runCli } from '../helpers/processes.js';
import { count, csvFile, importCsv } from './csv-fixtures.js';

const accounts = (n: number) =>
  `name,email\n${Array.from({ length: n }, (_, i) => `Account ${i},a${i}@clients.co.uk`).join('\n')}\n`;

it('takes IMPORT_MAX_BYTES, 50 MB unless set', () => {
  assert.equal(loadConfig({}).importMaxBytes, 50 * 1024 * 1024);
  assert.equal(loadConfig({ IMPORT_MAX_BYTES: '2048' }).importMaxBytes, 2048);
  assert.throws(() => loadConfig({ IMPORT_MAX_BYTES: 'lots' }));
});

eachDatabase((suite) => {
  const env = (max: string) => ({ ...suite.database.env, IMPORT_MAX_BYTES: max });
  let org: string;

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
  });

  it('refuses a file over the limit in one line, before reading it, and imports one within it', async () => {
    const big = accounts(200); // about 6 KB
    assert.ok(Buffer.byteLength(big) > 4096);
    const refused = await importCsv(env('4096'), org, 'accounts', csvFile(big));
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /^marquee: the file is 6 KB, more than the 4 KB an import takes \(IMPORT_MAX_BYTES\); split it into smaller files and import each\n$/,
    );
    assert.equal(await count(suite.db, 'accounts', org), 0);

    const fits = await importCsv(env('8192'), org, 'accounts', csvFile(big));
    assert.equal(fits.code, 0, fits.stderr);
    assert.equal(await count(suite.db, 'accounts', org), 200);
  });

  it('refuses a file from standard input once it grows past the limit', async () => {
    const before = await count(suite.db, 'accounts', org);
    const piped = await runCli(
      ['import', '--org', org, '--type', 'accounts', '-'],
      env('4096'),
      accounts(2000),
    );
    assert.equal(piped.code, 2);
    assert.match(
      piped.stderr,
      /^marquee: the file is larger than the 4 KB an import takes \(IMPORT_MAX_BYTES\)/,
    );
    assert.equal(await count(suite.db, 'accounts', org), before);
  });
});
