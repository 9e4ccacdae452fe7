/**
 * What `marquee import` and `marquee export` refuse as a whole, in one line with exit code 2:
 * an unknown, a repeated or a missing required column, an empty file, text that is not UTF-8,
 * and broken CSV.
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

  it('refuses an unknown or a missing column in one line', async () => {
    const unknown = await importCsv(env(), org, 'accounts', csvFile('name,emial\nAcme,a@b.example\n'));
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /^marquee: unknown column "emial"; the columns are: id, name, email, .*\n$/);
    const missing = await importCsv(env(), org, 'bookings', csvFile('name,start_at,end_at\nGala,,\n'));
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'marquee: missing column "account_id" or "account_name"\n');
    const contacts = await importCsv(env(), org, 'contacts', csvFile('email\na@b.example\n'));
    assert.equal(contacts.stderr, 'marquee: missing column "first_name" or "last_name"\n');
    const twice = await importCsv(env(), org, 'accounts', csvFile('name,Name\nA,B\n'));
    assert.equal(twice.stderr, 'marquee: the column "name" appears twice in the header\n');
    const empty = await importCsv(env(), org, 'accounts', csvFile(''));
    assert.match(empty.stderr, /^marquee: the file is empty/);
    const latin1 = await importCsv(env(), org, 'accounts', csvFile(Buffer.from('name\nCaf\xe9\n', 'latin1')));
    assert.equal(latin1.code, 2);
    assert.match(latin1.stderr, /not UTF-8 text/);
    const quote = await importCsv(env(), org, 'accounts', csvFile('name\n"unclosed\n'));
    assert.equal(quote.code, 2);
    assert.match(quote.stderr, /^marquee: the file is not valid CSV/);
    assert.equal(await count(suite.db, 'accounts', org), 0);
  });
});
