/**
 * CSV export and import (SPEC §10): an export imports unchanged into another, empty organization
 * (accounts, then contacts whose accounts are found by name); imported records get ids and one
 * `*.created` event each, with webhook deliveries for subscribed endpoints; a file with a
 * byte-order mark reads like one without; cells that would run as formulas are exported with a
 * leading `'` and imported back to what they were.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration, makeOrganization } from '../helpers/factories.js';
import { parseJsonOutput } from '../helpers/processes.js';
import { count, csvFile, exportOf, importCsv, importJson, outFile } from './csv-fixtures.js';

const ACCOUNTS = [
  'name,email,phone,website,city,country',
  'Harbour Events,events@harbour.example,+44 20 7946 0000,https://harbour.example,London,gb',
  '"Smith, Jones & Co",,,,"Zürich",CH',
  '"=HYPERLINK(""http://evil.example"")",,-1,,@home,',
  '"The ""Quoted"" Hall",,,,,',
].join('\n');

const CONTACTS = [
  'first_name,last_name,email,title,account_name',
  'Ada,Lovelace,ada@harbour.example,Planner,Harbour Events',
  'Grace,Hopper,,,"Smith, Jones & Co"',
  'Solo,,,,',
].join('\n');

const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
const without = (row: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([name]) => !names.includes(name)));

eachDatabase((suite) => {
  const env = () => suite.database.env;
  let source: string;

  before(async () => {
    source = (await makeOrganization(suite.db)).id;
  });

  it('imports accounts and contacts, and their export imports unchanged into an empty organization', async () => {
    const target = (await makeOrganization(suite.db)).id;
    const integration = await makeIntegration(suite.db, { organizationId: target });
    const now = new Date().toISOString();
    await suite.db
      .insertInto('webhook_endpoints')
      .values({
        id: `whe_${target}`,
        integration_id: integration.integration.id,
        organization_id: target,
        url: 'https://hooks.example/marquee',
        description: null,
        events: JSON.stringify(['account.created']),
        secret: 'whsec_test',
        disabled_at: null,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const accounts = await importJson(env(), source, 'accounts', csvFile(ACCOUNTS));
    assert.deepEqual(accounts.errors, []);
    assert.equal(accounts.imported, 4);
    assert.equal((await importJson(env(), source, 'contacts', csvFile(CONTACTS))).imported, 3);
    assert.equal(await count(suite.db, 'changes', source), 7, 'one created event per record');

    const exportedAccounts = await exportOf(env(), source, 'accounts');
    assert.equal(exportedAccounts.code, 0, exportedAccounts.stderr);
    assert.equal(exportedAccounts.stderr, '');
    const contactsFile = outFile();
    const written = parseJsonOutput(
      await exportOf(env(), source, 'contacts', '--out', contactsFile, '--json'),
    );
    assert.deepEqual(written, { exported: 3, type: 'contacts', file: contactsFile });

    // Into another organization: the accounts, then the contacts (their account_id means nothing
    // there; account_name finds the accounts just imported).
    const again = await importCsv(env(), target, 'accounts', csvFile(exportedAccounts.stdout));
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /Imported 4 accounts/);
    assert.equal((await importJson(env(), target, 'contacts', contactsFile)).imported, 3);

    const first = records(exportedAccounts.stdout);
    const second = records((await exportOf(env(), target, 'accounts')).stdout);
    const stable = (row: Record<string, string>) => without(row, 'id', 'created_at', 'updated_at');
    assert.deepEqual(second.map(stable), first.map(stable));
    assert.notDeepEqual(
      second.map((r) => r.id),
      first.map((r) => r.id),
      'imported records get ids of their own',
    );
    const contacts = records((await exportOf(env(), target, 'contacts')).stdout);
    const byName = new Map(second.map((a) => [a.name, a.id]));
    assert.deepEqual(
      contacts.map((c) => [c.first_name, c.account_name, c.account_id]),
      [
        ['Ada', 'Harbour Events', byName.get('Harbour Events')],
        ['Grace', 'Smith, Jones & Co', byName.get('Smith, Jones & Co')],
        ['Solo', '', ''],
      ],
    );
    const stored = await suite.db
      .selectFrom('accounts')
      .select(['name', 'city', 'country'])
      .where('organization_id', '=', target)
      .orderBy('id')
      .execute();
    assert.deepEqual(stored[1], { name: 'Smith, Jones & Co', city: 'Zürich', country: 'CH' });
    assert.equal(stored[3]?.name, 'The "Quoted" Hall');

    const events = await suite.db
      .selectFrom('changes')
      .select(['type', 'data'])
      .where('organization_id', '=', target)
      .where('type', '=', 'account.created')
      .execute();
    assert.equal(events.length, 4);
    const object = (JSON.parse(events[0]!.data) as { object: { type: string; attributes: { name: string } } })
      .object;
    assert.equal(object.type, 'accounts');
    assert.equal(object.attributes.name, 'Harbour Events');
    const deliveries = await suite.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', `whe_${target}`)
      .executeTakeFirstOrThrow();
    assert.equal(Number(deliveries.n), 4, 'the subscribed endpoint gets a delivery per account');
  });

  it('neutralises formula cells on export and restores them on import', async () => {
    const exported = (await exportOf(env(), source, 'accounts')).stdout;
    assert.match(exported, /"'=HYPERLINK\(""http:\/\/evil\.example""\)"/);
    const row = records(exported).find((r) => r.name?.includes('HYPERLINK'))!;
    assert.equal(row.name, `'=HYPERLINK("http://evil.example")`);
    assert.equal(row.phone, "'-1");
    assert.equal(row.city, "'@home");
    const harbour = records(exported).find((r) => r.name === 'Harbour Events')!;
    assert.equal(harbour.phone, "'+44 20 7946 0000");
    const stored = await suite.db
      .selectFrom('accounts')
      .select(['phone', 'city'])
      .where('organization_id', '=', source)
      .where('name', '=', '=HYPERLINK("http://evil.example")')
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, { phone: '-1', city: '@home' });
  });

  it('reads a file with a UTF-8 byte-order mark, and exports one with --bom', async () => {
    const org = (await makeOrganization(suite.db)).id;
    const file = csvFile(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,city\nCafé Ünter,Köln\n')]),
    );
    assert.equal((await importJson(env(), org, 'accounts', file)).imported, 1);
    const out = outFile();
    const result = await exportOf(env(), org, 'accounts', '--out', out, '--bom');
    assert.equal(result.code, 0, result.stderr);
    const bytes = readFileSync(out);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(records(bytes.toString('utf8'))[0]?.name, 'Café Ünter');
    const plain = (await exportOf(env(), org, 'accounts')).stdout;
    assert.ok(plain.startsWith('id,name,'), 'no byte-order mark unless asked');
  });
});
