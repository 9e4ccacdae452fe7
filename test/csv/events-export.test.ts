/**
 * Exporting events (SPEC §11, §10): the API's attributes as columns, with the booking's reference
 * beside its id, the status (read-only) and the spaces' names beside their ids; text a
 * spreadsheet would run as a formula is neutralised. The export imports unchanged: into the same
 * organization (the booking ids find their bookings), and into another whose bookings carry the
 * same references (the ids mean nothing there; the references find them).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { csvFile, importJson } from './csv-fixtures.js';
import { EVENT_HEADER, eventsOf, eventVenue, exportOf } from './event-fixtures.js';

const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
const without = (row: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([name]) => !names.includes(name)));

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('writes the API attributes, neutralises formulas, and imports again into the same bookings', async () => {
    const v = await eventVenue(suite.db, env());
    const file = csvFile(
      [
        EVENT_HEADER,
        `${v.wedding},,"=HYPERLINK(""http://evil.example"")",2027-06-05T18:00:00Z,2027-06-05T23:00:00Z,60,30,35,30,banquet,${v.hall};${v.deck}`,
        `,BK-00002,-Late drinks,2027-06-11T20:00:00Z,2027-06-11T22:00:00Z,,15,,,,`,
      ].join('\n'),
    );
    assert.deepEqual((await importJson(env(), v.org, 'events', file)).errors, []);

    const exported = await exportOf(env(), v.org, 'events');
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(
      exported.stdout.split('\n')[0],
      'id,booking_id,booking_reference,name,start_at,end_at,setup_minutes,teardown_minutes,guest_count,guaranteed_count,setup_style,space_ids,event_type,space_names,status,created_at,updated_at',
    );
    assert.match(exported.stdout, /,"'=HYPERLINK\(""http:\/\/evil\.example""\)",/);
    const rows = records(exported.stdout);
    const events = await eventsOf(suite.db, v.org);
    assert.deepEqual(
      rows.map((r) => r.id),
      events.map((e) => e.id),
    );
    assert.deepEqual(without(rows[0]!, 'id', 'created_at', 'updated_at'), {
      booking_id: v.wedding,
      booking_reference: 'BK-00001',
      name: 'Main event',
      start_at: '2027-06-05T14:00:00.000Z',
      end_at: '2027-06-05T16:00:00.000Z',
      setup_minutes: '0',
      teardown_minutes: '0',
      guest_count: '',
      guaranteed_count: '',
      setup_style: '',
      status: 'definite',
      space_ids: v.hall,
      space_names: 'Hall',
      event_type: '',
    });
    assert.deepEqual(without(rows[3]!, 'id', 'created_at', 'updated_at'), {
      booking_id: v.wedding,
      booking_reference: 'BK-00001',
      name: `'=HYPERLINK("http://evil.example")`,
      start_at: '2027-06-05T18:00:00.000Z',
      end_at: '2027-06-05T23:00:00.000Z',
      setup_minutes: '60',
      teardown_minutes: '30',
      guest_count: '35',
      guaranteed_count: '30',
      setup_style: 'banquet',
      status: 'definite',
      space_ids: `${v.hall};${v.deck}`,
      space_names: 'Hall;Deck',
      event_type: '',
    });
    assert.equal(rows[4]!.name, "'-Late drinks");
    assert.equal(rows[4]!.status, 'tentative');
    assert.equal(rows[0]!.created_at, events[0]!.created_at);

    // Into the same organization: each event again, in the same booking (events of one booking
    // never clash with each other), with the formulas restored.
    const again = await importJson(env(), v.org, 'events', csvFile(exported.stdout));
    assert.deepEqual(again.errors, []);
    assert.equal(again.imported, 5);
    const names = (await eventsOf(suite.db, v.org)).slice(5).map((e) => e.name);
    assert.deepEqual(names, [
      'Main event',
      'Main event',
      'Main event',
      '=HYPERLINK("http://evil.example")',
      '-Late drinks',
    ]);
    const twice = records((await exportOf(env(), v.org, 'events')).stdout);
    const stable = (row: Record<string, string>) => without(row, 'id', 'created_at', 'updated_at');
    assert.deepEqual(twice.slice(5).map(stable), rows.map(stable));
  });

  it('imports into another organization whose bookings carry the same references', async () => {
    const bookings = csvFile(
      [
        'name,status,start_at,end_at,account_name',
        'Summit,definite,2027-09-01T08:00:00Z,2027-09-01T17:00:00Z,Harbour',
        'Party,lead,2027-09-05T19:00:00Z,2027-09-05T23:00:00Z,Harbour',
      ].join('\n'),
    );
    const [source, target] = [(await makeOrganization(suite.db)).id, (await makeOrganization(suite.db)).id];
    for (const org of [source, target]) {
      await importJson(env(), org, 'accounts', csvFile('name\nHarbour\n'));
      assert.deepEqual((await importJson(env(), org, 'bookings', bookings)).errors, []);
    }
    const imported = await importJson(
      env(),
      source,
      'events',
      csvFile(
        [
          'booking_reference,name,start_at,end_at,setup_minutes,guest_count,setup_style',
          'BK-00001,Day two,2027-09-02T08:00:00Z,2027-09-02T17:00:00Z,30,120,theatre',
          'BK-00002,Afters,2027-09-06T00:00:00+01:00,2027-09-06T02:00:00+01:00,,,',
        ].join('\n'),
      ),
    );
    assert.deepEqual(imported.errors, []);

    // The target's bookings have their first events already; the others are the file to import.
    // Their booking ids mean nothing there; their references find the bookings.
    const sourceEvents = records((await exportOf(env(), source, 'events')).stdout);
    const added = sourceEvents.filter((r) => r.name !== 'Main event');
    assert.equal(added.length, 2);
    const result = await importJson(env(), target, 'events', csvFile(toCsv(added)));
    assert.deepEqual(result.errors, []);
    assert.equal(result.imported, 2);
    const targetEvents = records((await exportOf(env(), target, 'events')).stdout);
    const stable = (rows: Array<Record<string, string>>) =>
      rows
        .map((row) => without(row, 'id', 'booking_id', 'created_at', 'updated_at'))
        .sort((a, b) =>
          `${a.booking_reference}${a.start_at}`.localeCompare(`${b.booking_reference}${b.start_at}`),
        );
    assert.deepEqual(stable(targetEvents), stable(sourceEvents));
    const summit = await suite.db
      .selectFrom('bookings')
      .select(['id', 'end_at', 'guest_count'])
      .where('organization_id', '=', target)
      .where('reference', '=', 'BK-00001')
      .executeTakeFirstOrThrow();
    assert.equal(targetEvents.find((r) => r.name === 'Day two')!.booking_id, summit.id);
    assert.deepEqual([summit.end_at, Number(summit.guest_count)], ['2027-09-02T17:00:00.000Z', 120]);
  });
});

/** Rows back to CSV (the test's own cells hold no commas, quotes or line breaks). */
function toCsv(rows: ReadonlyArray<Record<string, string>>): string {
  const header = Object.keys(rows[0]!);
  return [header.join(','), ...rows.map((r) => header.map((h) => r[h]).join(','))].join('\n');
}
