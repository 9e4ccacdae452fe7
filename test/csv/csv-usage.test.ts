/**
 * Bad usage of `marquee import` and `marquee export` is one line on standard error and exit
 * code 2 (SPEC §3): a wrong type, no file, a file that cannot be read, an unknown organization,
 * `--json` for an export to standard output.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { runCli } from '../helpers/processes.js';
import { csvFile } from './csv-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;
  let org: string;

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
  });

  it('refuses bad usage with one line and exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['import', '--org', org, '--type', 'notes', '--file', 'x.csv'],
        /--type must be one of accounts, contacts, bookings, events, not "notes"/,
      ],
      [['import', '--org', org, '--type', 'accounts'], /the CSV file is required/],
      [['import', '--org', org, '--type', 'accounts', 'a.csv', '--file', 'b.csv'], /name the file once/],
      [['import', '--org', org, '--type', 'accounts', 'a.csv', 'b.csv'], /unexpected argument "b.csv"/],
      [
        ['import', '--org', org, '--type', 'accounts', '--file', '/nonexistent/file.csv'],
        /cannot read "\/nonexistent\/file.csv": ENOENT/,
      ],
      [
        ['import', '--org', 'no-such-org', '--type', 'accounts', '--file', csvFile('name\nA\n')],
        /No organization has the id "no-such-org"/,
      ],
      [['export', '--org', org, '--type', 'accounts', '--json'], /--json needs --out FILE/],
      [['export', '--org', 'no-such-org', '--type', 'accounts'], /No organization has the id/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, env());
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    }
  });
});
