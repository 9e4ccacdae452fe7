/**
 * Importing bookings (SPEC §10): rows naming the organization's accounts, contacts and spaces by
 * id import with their references (BK-00001, …), the spaces they hold and their events; their
 * export imports again, except where its definite bookings would double-book a space.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { runCli } from '../helpers/processes.js';
import { addSpace, count, csvFile, importCsv, importJson } from './csv-fixtures.js';

const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;

function exportOf(env: Record<string, string>, org: string, type: string, ...extra: string[]) {
  return runCli(['export', '--org', org, '--type', type, ...extra], env);
}

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('imports bookings that name existing accounts, contacts and spaces by id', async () => {
    const org = (await makeOrganization(suite.db)).id;
    await importJson(env(), org, 'accounts', csvFile('name\nNorth Pier\n'));
    const account = await suite.db
      .selectFrom('accounts')
      .select('id')
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    await importJson(env(), org, 'contacts', csvFile(`first_name,account_id\nLin,${account.id}\n`));
    const contact = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    const hall = await addSpace(suite.db, org, 'Great Hall', 300);
    const deck = await addSpace(suite.db, org, 'Sun Deck', 80);
    const file = csvFile(
      [
        'name,status,start_at,end_at,timezone,guest_count,event_type,currency,total_amount,account_id,contact_id,space_ids',
        `Gala,definite,2027-03-01T18:00:00Z,2027-03-01T23:00:00Z,Europe/London,75,gala,gbp,1250000,${account.id},${contact.id},${hall};${deck}`,
        `Next day,tentative,2027-03-02T18:00:00+01:00,2027-03-02T22:00:00+01:00,,,,,,${account.id},,${hall}`,
        `Same evening after,definite,2027-03-01T23:00:00Z,2027-03-02T01:00:00Z,,,,,,${account.id},,${hall}`,
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'bookings', file);
    assert.deepEqual(result.errors, []);
    assert.equal(result.imported, 3);
    const bookings = await suite.db
      .selectFrom('bookings')
      .selectAll()
      .where('organization_id', '=', org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(
      bookings.map((b) => [b.reference, b.name, b.status, b.currency, Number(b.total_amount)]),
      [
        ['BK-00001', 'Gala', 'definite', 'GBP', 1250000],
        ['BK-00002', 'Next day', 'tentative', 'USD', 0],
        ['BK-00003', 'Same evening after', 'definite', 'USD', 0],
      ],
    );
    assert.equal(bookings[1]?.start_at, '2027-03-02T17:00:00.000Z');
    const spaceNames = new Map(
      (
        await suite.db
          .selectFrom('spaces')
          .select(['id', 'name'])
          .where('organization_id', '=', org)
          .execute()
      ).map((s) => [s.id, s.name]),
    );
    assert.deepEqual(
      (JSON.parse(bookings[0]!.space_ids) as string[]).map((id) => spaceNames.get(id)),
      ['Great Hall', 'Sun Deck'],
    );
    assert.equal(bookings[0]?.contact_id, contact.id);
    const holdings = await suite.db
      .selectFrom('booking_spaces')
      .select('space_id')
      .where('booking_id', '=', bookings[0]!.id)
      .execute();
    assert.deepEqual(holdings.map((h) => h.space_id).sort(), [hall, deck].sort());
    // An account, a contact, three bookings, each booking's first event, and the event type
    // "gala" its first row names.
    assert.equal(await count(suite.db, 'changes', org), 9);
    const [gala] = await suite.db
      .selectFrom('events')
      .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
      .select(['event_types.value', 'events.start_date', 'events.start_time'])
      .where('events.booking_id', '=', bookings[0]!.id)
      .execute();
    assert.deepEqual(gala, { value: 'gala', start_date: '2027-03-01', start_time: '18:00' });

    // Its export imports into the same organization as new bookings, except that the definite
    // ones would now double-book their spaces.
    const exported = (await exportOf(env(), org, 'bookings')).stdout;
    const row = records(exported)[0]!;
    assert.equal(row.space_ids, `${hall};${deck}`);
    assert.equal(row.room_names, 'Great Hall;Sun Deck');
    assert.equal(row.account_name, 'North Pier');
    const twice = await importCsv(env(), org, 'bookings', csvFile(exported));
    assert.equal(twice.code, 2);
    assert.match(
      twice.stderr,
      /row 2, column space_ids: Great Hall is already held by BK-00001 \(definite\), its event/,
    );
    assert.match(
      twice.stderr,
      /row 4, column space_ids: Great Hall is already held by BK-00003 \(definite\), its event/,
    );
    const tentativeOnly = exported.replace(/,definite,/g, ',tentative,');
    assert.equal((await importJson(env(), org, 'bookings', csvFile(tentativeOnly))).imported, 3);
    const references = await suite.db
      .selectFrom('bookings')
      .select('reference')
      .where('organization_id', '=', org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(references.map((r) => r.reference).slice(-3), ['BK-00004', 'BK-00005', 'BK-00006']);
  });
});
