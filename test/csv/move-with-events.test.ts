/**
 * Moving bookings with several events to another organization (SPEC §10, §11): `marquee import
 * --type bookings BOOKINGS.csv --events EVENTS.csv` takes an export of both as it is. A wedding
 * whose ceremony is in the garden and whose dinner is in the hall exports as one bookings row
 * holding both spaces for the whole afternoon with the ceremony's guests: imported alone, that row
 * is a single event no space could hold. With its events file beside it, the booking is made with
 * exactly its events, no extra one, and its times, spaces and guests follow them; all rows of both
 * files or none, problems of the events file told as such. The spaces are found by their names.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { addSpace, csvFile, importCsv, importJson } from './csv-fixtures.js';
import { eventsOf, exportOf } from './event-fixtures.js';

/** An organization with the Hall (100), the Garden (200) and the account Pier. */
async function venueWithSpaces(db: Db, env: Record<string, string>) {
  const org = (await makeOrganization(db)).id;
  assert.equal((await importJson(env, org, 'accounts', csvFile('name\nPier\n'))).imported, 1);
  return { org, hall: await addSpace(db, org, 'Hall', 100), garden: await addSpace(db, org, 'Garden', 200) };
}

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('moves a wedding with a ceremony and a dinner, and a gala beside it, with exactly their events', async () => {
    const from = await venueWithSpaces(suite.db, env());
    const bookings = csvFile(
      [
        'name,status,start_at,end_at,guest_count,event_type,account_name,space_ids',
        `Wedding,definite,2027-09-04T14:00:00Z,2027-09-04T15:00:00Z,150,Wedding,Pier,${from.garden}`,
        `Gala,definite,2027-09-04T10:00:00Z,2027-09-04T15:30:00Z,80,,Pier,${from.hall}`,
      ].join('\n'),
    );
    assert.deepEqual((await importJson(env(), from.org, 'bookings', bookings)).errors, []);
    const dinner = csvFile(
      `booking_reference,name,start_at,end_at,guest_count,space_ids\nBK-00001,Dinner,2027-09-04T18:00:00Z,2027-09-04T23:00:00Z,90,${from.hall}\n`,
    );
    assert.deepEqual((await importJson(env(), from.org, 'events', dinner)).errors, []);

    // The export as it is: its space ids mean nothing in the other organization, whose spaces
    // are found by the names beside them (room_names, space_names).
    const to = await venueWithSpaces(suite.db, env());
    const bookingsCsv = (await exportOf(env(), from.org, 'bookings')).stdout;
    const eventsCsv = (await exportOf(env(), from.org, 'events')).stdout;
    assert.match(bookingsCsv, /Wedding,definite,2027-09-04T14:00:00.000Z,2027-09-04T23:00:00.000Z/);

    // The bookings file alone reads the wedding as one event in both spaces: refused.
    const alone = await importCsv(env(), to.org, 'bookings', csvFile(bookingsCsv));
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /row 2, column guest_count: 150 guests do not fit/);

    const dry = await importCsv(
      env(),
      to.org,
      'bookings',
      csvFile(bookingsCsv),
      '--events',
      csvFile(eventsCsv),
      '--dry-run',
    );
    assert.equal(dry.stdout, '2 bookings and their 3 events are valid; nothing was written (dry run).\n');
    const both = await importCsv(
      env(),
      to.org,
      'bookings',
      csvFile(bookingsCsv),
      '--events',
      csvFile(eventsCsv),
    );
    assert.equal(both.code, 0, both.stderr);
    assert.equal(both.stdout, 'Imported 2 bookings and their 3 events.\n');
    const made = await suite.db
      .selectFrom('bookings')
      .selectAll()
      .where('organization_id', '=', to.org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(
      made.map((b) => [b.name, b.status, b.start_at, b.end_at, Number(b.guest_count)]),
      [
        ['Wedding', 'definite', '2027-09-04T14:00:00.000Z', '2027-09-04T23:00:00.000Z', 150],
        ['Gala', 'definite', '2027-09-04T10:00:00.000Z', '2027-09-04T15:30:00.000Z', 80],
      ],
    );
    assert.deepEqual(
      (JSON.parse(made[0]!.space_ids) as string[]).sort(),
      [to.hall, to.garden].sort(),
      'the wedding holds what its events hold',
    );
    const events = await eventsOf(suite.db, to.org);
    const byBooking = (id: string) =>
      events
        .filter((e) => e.booking_id === id)
        .map((e) => [e.name, e.start_at, Number(e.guest_count), JSON.parse(e.space_ids)]);
    assert.deepEqual(byBooking(made[0]!.id), [
      ['Wedding', '2027-09-04T14:00:00.000Z', 150, [to.garden]],
      ['Dinner', '2027-09-04T18:00:00.000Z', 90, [to.hall]],
    ]);
    assert.deepEqual(byBooking(made[1]!.id), [['Main event', '2027-09-04T10:00:00.000Z', 80, [to.hall]]]);
    const holds = await suite.db
      .selectFrom('event_spaces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', to.org)
      .executeTakeFirstOrThrow();
    assert.equal(Number(holds.n), 3, 'one hold per event and space');
    // Each booking is told once, as its events leave it: never empty first, then updated.
    const told = await suite.db
      .selectFrom('changes')
      .select(['type', 'data'])
      .where('organization_id', '=', to.org)
      .where('type', 'like', 'booking.%')
      .execute();
    assert.deepEqual(
      told.map((c) => c.type),
      ['booking.created', 'booking.created'],
    );
    const wedding = told
      .map((c) => JSON.parse(c.data) as { object: { attributes: Record<string, unknown> } })
      .find((c) => c.object.attributes.name === 'Wedding')!;
    assert.equal(wedding.object.attributes.guest_count, 150);
    assert.equal(wedding.object.attributes.end_at, '2027-09-04T23:00:00.000Z');
    assert.deepEqual([...(wedding.object.attributes.room_names as string[])].sort(), ['Garden', 'Hall']);
  });

  it('judges both files before writing: every problem of either, told by file, and nothing written', async () => {
    const v = await venueWithSpaces(suite.db, env());
    const bookings = csvFile(
      [
        'id,reference,name,status,start_at,end_at,guest_count,account_name,space_ids',
        `old-1,BK-00007,Party,definite,2027-10-01T18:00:00Z,2027-10-01T23:00:00Z,250,Pier,${v.hall};${v.garden}`,
        `old-2,BK-00008,,lead,2027-10-02T18:00:00Z,2027-10-02T23:00:00Z,,Pier,`,
      ].join('\n'),
    );
    const events = csvFile(
      [
        'booking_id,booking_reference,name,start_at,end_at,guest_count,space_ids',
        `old-1,,Drinks,2027-10-01T18:00:00Z,2027-10-01T19:00:00Z,150,${v.garden}`,
        `,bk-00007,Dinner,2027-10-01T19:00:00Z,2027-10-01T23:00:00Z,250,${v.hall}`,
        `,BK-99999,Stray,2027-10-01T19:00:00Z,2027-10-01T23:00:00Z,,`,
      ].join('\n'),
    );
    const result = await importCsv(env(), v.org, 'bookings', bookings, '--events', events, '--json');
    assert.equal(result.code, 2);
    const summary = JSON.parse(result.stdout) as {
      imported: number;
      imported_events: number;
      errors: unknown[];
    };
    assert.equal(summary.imported, 0);
    assert.equal(summary.imported_events, 0);
    assert.deepEqual(summary.errors, [
      { row: 3, column: 'name', message: 'A booking needs a name.' },
      {
        file: 'events',
        row: 3,
        column: 'guest_count',
        message: '250 guests do not fit in Hall: it takes 100.',
      },
      {
        file: 'events',
        row: 4,
        column: 'booking_reference',
        message: 'No booking of this organization has the reference "BK-99999".',
      },
    ]);
    const text = await importCsv(env(), v.org, 'bookings', bookings, '--events', events);
    assert.match(text.stderr, /events file, row 4, column booking_reference: No booking/);
    assert.match(text.stderr, /nothing was imported: the files have 3 problems \(listed above\)/);
    const count = await suite.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', v.org)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);

    // A clash between an event of the file and a booking of the file that gets its first event.
    const clashing = await importCsv(
      env(),
      v.org,
      'bookings',
      csvFile(
        [
          'id,name,status,start_at,end_at,account_name,space_ids',
          `old-3,Dinner party,definite,2027-11-01T18:00:00Z,2027-11-01T23:00:00Z,Pier,${v.hall}`,
          `old-4,Late show,definite,2027-11-01T20:00:00Z,2027-11-01T22:00:00Z,Pier,${v.hall}`,
        ].join('\n'),
      ),
      '--events',
      csvFile(
        `booking_id,name,start_at,end_at,space_ids\nold-4,Show,2027-11-01T20:00:00Z,2027-11-01T22:00:00Z,${v.hall}\n`,
      ),
    );
    assert.equal(clashing.code, 2, clashing.stdout);
    assert.match(
      clashing.stderr,
      /events file, row 2, column space_ids: Hall is already held by BK-\d+ \(definite\)/,
    );
    const after = await suite.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', v.org)
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), 0, 'the bookings written before the clash was seen are rolled back');

    // Spaces by names that are not the organization's.
    const unnamed = await importCsv(
      env(),
      v.org,
      'bookings',
      csvFile(
        `name,start_at,end_at,account_name,space_ids,room_names\nX,2027-12-01T18:00:00Z,2027-12-01T20:00:00Z,Pier,old-space,Hall;Attic\n`,
      ),
    );
    assert.equal(unnamed.code, 2);
    assert.match(
      unnamed.stderr,
      /row 2, column room_names: No space of this organization is named "Attic"\./,
    );

    const wrongType = await importCsv(env(), v.org, 'accounts', bookings, '--events', events);
    assert.equal(wrongType.code, 2);
    assert.match(wrongType.stderr, /--events goes with --type bookings/);
  });
});
