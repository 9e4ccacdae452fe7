/**
 * What `marquee import` refuses, row by row (SPEC §10): every row is checked by the API's rules
 * and the problems are listed by row (a spreadsheet's numbering: the header is row 1) and column,
 * a capped few of them, and nothing is written; a dry run checks everything and writes nothing.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { count, csvFile, importCsv, importJson } from './csv-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;
  let org: string;

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
  });

  it('lists each bad cell by row and column, writes nothing and exits with 2', async () => {
    const file = csvFile(
      [
        'name,email,country,owner_id',
        'Good One,good@example.com,US,',
        'Bad Mail,not-an-address,DE,',
        ',,XX,',
        `Stranger,,,someone-else`,
        'Short row',
      ].join('\n'),
    );
    const text = await importCsv(env(), org, 'accounts', file);
    assert.equal(text.code, 2);
    assert.equal(text.stdout, '');
    const lines = text.stderr.trimEnd().split('\n');
    assert.deepEqual(lines, [
      '  row 3, column email: "not-an-address" is not an e-mail address.',
      '  row 4, column name: An account needs a name.',
      '  row 4, column country: "XX" is not an ISO 3166-1 country code such as US or DE.',
      '  row 5, column owner_id: No member of this organization has the id "someone-else".',
      '  row 6: has 1 cell; the header names 4 columns',
      'marquee: nothing was imported: the file has 5 problems (listed above)',
    ]);
    assert.equal(await count(suite.db, 'accounts', org), 0);
    assert.equal(await count(suite.db, 'changes', org), 0);

    const raw = await importCsv(env(), org, 'accounts', file, '--json');
    assert.equal(
      raw.stderr,
      'marquee: nothing was imported: the file has 5 problems (listed in the JSON on standard output)\n',
    );
    const json = await importJson(env(), org, 'accounts', file);
    assert.equal(json.imported, 0);
    assert.equal(json.error_count, 5);
    assert.deepEqual((json.errors as unknown[])[0], {
      row: 3,
      column: 'email',
      message: '"not-an-address" is not an e-mail address.',
    });
  });

  it('refuses control characters, line breaks in one-line cells and bidi overrides, as the API does', async () => {
    const file = csvFile(
      [
        'name,email,city',
        '"Nul\u0000Hall",,',
        '"Two\nlines",,',
        '"\u202Eevil.exe",,',
        'Bell,,"Ring\u0007town"',
        'Tab\tfine,,',
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'accounts', file);
    assert.equal(result.imported, 0);
    assert.deepEqual(
      (result.errors as Array<{ row: number; column: string }>).map((e) => [e.row, e.column]),
      [
        [2, 'name'],
        [3, 'name'],
        [4, 'name'],
        [5, 'city'],
      ],
    );
    for (const error of result.errors as Array<{ message: string }>) assert.match(error.message, /\S/);
    assert.equal(await count(suite.db, 'accounts', org), 0, 'nothing written, not even the good row');
  });

  it('caps the list of problems and counts the rest', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `Account ${i},bad-${i}`);
    const result = await importCsv(env(), org, 'accounts', csvFile(['name,email', ...rows].join('\n')));
    assert.equal(result.code, 2);
    const lines = result.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 27);
    assert.equal(lines[24], '  row 26, column email: "bad-24" is not an e-mail address.');
    assert.equal(lines[25], '  … and 35 more');
    assert.match(lines[26]!, /the file has 60 problems/);
    const json = await importJson(env(), org, 'accounts', csvFile(['name,email', ...rows].join('\n')));
    assert.equal((json.errors as unknown[]).length, 25);
    assert.equal(json.error_count, 60);
  });

  it('checks everything on a dry run and writes nothing', async () => {
    const file = csvFile('name,email\nDry One,one@example.com\nDry Two,\n');
    const real = await importJson(env(), org, 'accounts', file);
    assert.equal(real.imported, 2);
    const before = await count(suite.db, 'accounts', org);
    const events = await count(suite.db, 'changes', org);
    const result = await importCsv(env(), org, 'accounts', file, '--dry-run', '--json');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      imported: 0,
      type: 'accounts',
      dry_run: true,
      valid_rows: 2,
      error_count: 0,
      errors: [],
    });
    const text = await importCsv(env(), org, 'accounts', file, '--dry-run');
    assert.equal(text.stdout, '2 accounts are valid; nothing was written (dry run).\n');
    assert.equal(text.stderr, '', 'no progress bar when standard error is not a terminal');
    const bad = await importCsv(env(), org, 'accounts', csvFile('name,email\nX,nope\n'), '--dry-run');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /row 2, column email/);
    assert.equal(await count(suite.db, 'accounts', org), before);
    assert.equal(await count(suite.db, 'changes', org), events);
    const one = csvFile('name\nSingle\n');
    assert.equal(
      (await importCsv(env(), org, 'accounts', one, '--dry-run')).stdout,
      '1 account is valid; nothing was written (dry run).\n',
    );
    assert.equal((await importCsv(env(), org, 'accounts', one)).stdout, 'Imported 1 account.\n');
  });
});
