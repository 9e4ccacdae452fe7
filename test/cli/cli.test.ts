import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { csvFile } from '../csv/csv-fixtures.js';
import { parseJsonOutput, runCli, startServer } from '../helpers/processes.js';

function assertOneLineRefusal(result: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  assert.equal(result.code, 2, result.stderr);
  assert.equal(result.stdout, '');
  assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  assert.match(result.stderr, pattern);
}

eachDatabase((suite) => {
  const cli = (...args: string[]) => runCli(args, suite.database.env);

  it('creates organizations, users, members and integrations with the JSON SPEC §3 names', async () => {
    const org = parseJsonOutput(await cli('orgs', 'create', '--name', 'Pier 9', '--json'));
    assert.deepEqual(Object.keys(org).sort(), ['id', 'name']);
    assert.equal(org.name, 'Pier 9');

    const user = parseJsonOutput(
      await cli(
        'users',
        'create',
        '--org',
        String(org.id),
        '--email',
        'Owner@Pier9.example',
        '--password',
        'long enough',
        '--role',
        'admin',
        '--json',
      ),
    );
    assert.deepEqual(Object.keys(user).sort(), ['email', 'id', 'org_id', 'role']);
    assert.deepEqual(
      { ...user, id: undefined },
      { id: undefined, email: 'owner@pier9.example', org_id: org.id, role: 'admin' },
    );

    const second = parseJsonOutput(await cli('orgs', 'create', '--name', 'Annex', '--json'));
    const member = parseJsonOutput(
      await cli('members', 'add', '--org', String(second.id), '--email', 'owner@pier9.example', '--json'),
    );
    assert.deepEqual(member, { user_id: user.id, org_id: second.id, role: 'member' });

    const pub = parseJsonOutput(
      await cli(
        'integrations',
        'create',
        '--org',
        String(org.id),
        '--name',
        'Calendar sync',
        '--kind',
        'public',
        '--redirect-uri',
        'https://sync.example/cb',
        '--redirect-uri',
        'http://127.0.0.1:9000/cb',
        '--scopes',
        'crm_read',
        '--json',
      ),
    );
    assert.deepEqual(Object.keys(pub).sort(), [
      'client_id',
      'client_secret',
      'id',
      'kind',
      'redirect_uris',
      'scopes',
    ]);
    assert.equal(pub.kind, 'public');
    assert.deepEqual(pub.redirect_uris, ['https://sync.example/cb', 'http://127.0.0.1:9000/cb']);
    assert.equal(pub.scopes, 'crm_read');
    assert.match(String(pub.client_secret), /^mqs_/);

    const priv = parseJsonOutput(
      await cli(
        'integrations',
        'create',
        '--org',
        String(org.id),
        '--name',
        'Back office',
        '--kind',
        'private',
        '--owner',
        'owner@pier9.example',
        '--json',
      ),
    );
    assert.equal(priv.kind, 'private');
    assert.equal(priv.scopes, 'crm_read crm_manage');
  });

  it('refuses bad input with one line on stderr and exit code 2', async () => {
    const org = parseJsonOutput(await cli('orgs', 'create', '--name', 'Refusals', '--json'));
    const orgId = String(org.id);
    assertOneLineRefusal(
      await cli('integrations', 'create', '--org', orgId, '--name', 'P', '--kind', 'private', '--json'),
      /owner/,
    );
    assertOneLineRefusal(
      await cli('integrations', 'create', '--org', orgId, '--name', 'P', '--kind', 'public', '--json'),
      /redirect URI/,
    );
    assertOneLineRefusal(
      await cli(
        'integrations',
        'create',
        '--org',
        orgId,
        '--name',
        'P',
        '--kind',
        'public',
        '--redirect-uri',
        'http://evil.example/cb',
      ),
      /https/,
    );
    assertOneLineRefusal(await cli('orgs', 'create', '--json'), /--name is required/);
    assertOneLineRefusal(
      await cli('orgs', 'create', '--name', 'x', '--colour', 'red'),
      /^marquee: unknown option --colour\. Usage/,
    );
    assertOneLineRefusal(
      await cli('users', 'create', '--org', orgId, '--email', 'nobody', '--password', 'long enough'),
      /e-mail/,
    );
    assertOneLineRefusal(
      await cli('users', 'create', '--org', 'missing', '--email', 'a@b.example', '--password', 'long enough'),
      /organization/,
    );
    assertOneLineRefusal(await cli('frobnicate'), /unknown command/);
    assertOneLineRefusal(await cli('seed'), /--demo/);
    assertOneLineRefusal(
      await runCli(['orgs', 'create', '--name', 'x'], { ...suite.database.env, PORT: 'x' }),
      /^marquee: PORT: /,
    );

    await cli('users', 'create', '--org', orgId, '--email', 'taken@x.example', '--password', 'long enough');
    assertOneLineRefusal(
      await cli('users', 'create', '--org', orgId, '--email', 'TAKEN@x.example', '--password', 'long enough'),
      /exists already/,
    );
  });

  it('seeds a demo organization and reports what it made', async () => {
    const demo = parseJsonOutput(await cli('seed', '--demo', '--json'));
    assert.deepEqual(Object.keys(demo).sort(), [
      'accounts',
      'admin_email',
      'admin_password',
      'bookings',
      'contacts',
      'notes',
      'org_id',
      'org_name',
    ]);
    assert.ok(Number(demo.bookings) >= 36);
    const statuses = await suite.db
      .selectFrom('bookings')
      .select('status')
      .distinct()
      .where('organization_id', '=', String(demo.org_id))
      .execute();
    assert.deepEqual(statuses.map((s) => s.status).sort(), [
      'closed',
      'definite',
      'lead',
      'lost',
      'tentative',
    ]);
    const counts = await Promise.all(
      (['accounts', 'contacts', 'bookings', 'notes'] as const).map(async (table) => {
        const row = await suite.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', String(demo.org_id))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );
    assert.deepEqual(counts, [demo.accounts, demo.contacts, demo.bookings, demo.notes]);
    assert.ok(Number(demo.notes) > 0);
  });

  it('works while serve has the same database open', async () => {
    const server = await startServer(suite.database.env, ['--migrate']);
    try {
      const org = parseJsonOutput(await cli('orgs', 'create', '--name', 'Concurrent', '--json'));
      assert.ok(org.id);
      const ready = await fetch(`${server.url}/readyz`);
      assert.equal(ready.status, 200);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  it('every command naming an organization refuses an unknown one the same way: exit 2, one line', async () => {
    const file = csvFile('name\nHarbour Events\n');
    const unknown = 'org_does_not_exist';
    const commands = [
      ['users', 'create', '--org', unknown, '--email', 'nobody@pier9.example', '--password', 'long enough'],
      ['members', 'add', '--org', unknown, '--email', 'owner@pier9.example'],
      ['members', 'remove', '--org', unknown, '--email', 'owner@pier9.example'],
      ['integrations', 'list', '--org', unknown],
      [
        'integrations',
        'create',
        '--org',
        unknown,
        '--name',
        'X',
        '--kind',
        'public',
        '--redirect-uri',
        'https://x.example/cb',
      ],
      ['export', '--org', unknown, '--type', 'accounts'],
      ['import', '--org', unknown, '--type', 'accounts', '--file', file],
    ];
    for (const args of commands) {
      const result = await cli(...args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
      assert.equal(result.stdout, '', args.join(' '));
      assert.equal(result.stderr, `marquee: No organization has the id "${unknown}".\n`, args.join(' '));
    }
  });
});
