/**
 * Importing events (SPEC §11, §10): rows name their booking by id or by reference (BK-00001) and
 * their spaces by id; every row keeps the API's event rules (every bad cell told at once, in the
 * API's words), capacity by setup style, and no double booking with the stored definite events of
 * other bookings or between rows of the file (setup and teardown included); all rows or none. Each
 * imported event tells `event.created`, and its booking's times, spaces and guests follow its events.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { csvFile, importCsv, importJson } from './csv-fixtures.js';
import { described, EVENT_HEADER, eventsOf, eventVenue } from './event-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('imports events by booking id and by reference, and their bookings follow them', async () => {
    const v = await eventVenue(suite.db, env());
    const file = csvFile(
      [
        EVENT_HEADER,
        `${v.wedding},,Dinner,2027-06-05T18:00:00Z,2027-06-05T23:00:00Z,60,30,55,50,banquet,${v.hall}`,
        `,bk-00002,Day two,2027-06-11T08:00:00+02:00,2027-06-11T17:00:00+02:00,,,35,,,${v.deck}`,
        `,BK-00001,Brunch,2027-06-06T10:00:00Z,2027-06-06T12:00:00Z,,,,,Reception,${v.deck}`,
      ].join('\n'),
    );
    const result = await importJson(env(), v.org, 'events', file);
    assert.deepEqual(result.errors, []);
    assert.equal(result.imported, 3);
    assert.equal(result.type, 'events');

    const events = (await eventsOf(suite.db, v.org)).slice(3);
    assert.deepEqual(
      events.map((e) => [
        e.booking_id,
        e.name,
        e.status,
        e.start_at,
        e.end_at,
        Number(e.setup_minutes),
        Number(e.teardown_minutes),
        e.guest_count === null ? null : Number(e.guest_count),
        e.guaranteed_count === null ? null : Number(e.guaranteed_count),
        e.setup_style,
        JSON.parse(e.space_ids),
      ]),
      [
        [
          v.wedding,
          'Dinner',
          'definite',
          '2027-06-05T18:00:00.000Z',
          '2027-06-05T23:00:00.000Z',
          60,
          30,
          55,
          50,
          'banquet',
          [v.hall],
        ],
        [
          v.conference,
          'Day two',
          'tentative',
          '2027-06-11T06:00:00.000Z',
          '2027-06-11T15:00:00.000Z',
          0,
          0,
          35,
          null,
          null,
          [v.deck],
        ],
        [
          v.wedding,
          'Brunch',
          'definite',
          '2027-06-06T10:00:00.000Z',
          '2027-06-06T12:00:00.000Z',
          0,
          0,
          null,
          null,
          'reception',
          [v.deck],
        ],
      ],
    );
    // The dinner holds the hall from its setup to its teardown.
    const holds = await suite.db
      .selectFrom('event_spaces')
      .select(['space_id', 'status', 'occupied_from', 'occupied_until'])
      .where('event_id', '=', events[0]!.id)
      .execute();
    assert.deepEqual(holds, [
      {
        space_id: v.hall,
        status: 'definite',
        occupied_from: '2027-06-05T17:00:00.000Z',
        occupied_until: '2027-06-05T23:30:00.000Z',
      },
    ]);

    // The bookings' start, end, spaces and guests come from their events.
    const booking = (id: string) =>
      suite.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const wedding = await booking(v.wedding);
    assert.deepEqual(
      [wedding.start_at, wedding.end_at, Number(wedding.guest_count), JSON.parse(wedding.space_ids)],
      ['2027-06-05T14:00:00.000Z', '2027-06-06T12:00:00.000Z', 55, [v.hall, v.deck]],
    );
    const weddingSpaces = await suite.db
      .selectFrom('booking_spaces')
      .select('space_id')
      .where('booking_id', '=', v.wedding)
      .execute();
    assert.deepEqual(weddingSpaces.map((s) => s.space_id).sort(), [v.hall, v.deck].sort());
    const conference = await booking(v.conference);
    assert.deepEqual(
      [conference.start_at, conference.end_at, Number(conference.guest_count)],
      ['2027-06-10T08:00:00.000Z', '2027-06-11T15:00:00.000Z', 35],
    );

    // One event.created per imported event, and booking.updated for each booking that changed.
    const changes = await suite.db
      .selectFrom('changes')
      .select(['type', 'data'])
      .where('organization_id', '=', v.org)
      .where('type', 'in', ['event.created', 'booking.updated'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      changes.map((c) => c.type),
      // three bookings' first events, then this import's three events and two bookings.
      [
        'event.created',
        'event.created',
        'event.created',
        'event.created',
        'event.created',
        'event.created',
        'booking.updated',
        'booking.updated',
      ],
    );
    const dinner = JSON.parse(changes[3]!.data) as {
      object: {
        type: string;
        id: string;
        attributes: Record<string, unknown>;
        relationships: { booking: { data: { id: string } } };
      };
    };
    assert.equal(dinner.object.type, 'events');
    assert.equal(dinner.object.id, events[0]!.id);
    assert.equal(dinner.object.attributes.setup_minutes, 60);
    assert.equal(dinner.object.relationships.booking.data.id, v.wedding);
    const moved = JSON.parse(changes[6]!.data) as {
      data?: unknown;
      object: { id: string; attributes: { end_at: string } };
      previous_attributes: Record<string, unknown>;
    };
    assert.equal(moved.object.id, v.wedding);
    assert.equal(moved.object.attributes.end_at, '2027-06-06T12:00:00.000Z');
    assert.equal(moved.previous_attributes.end_at, '2027-06-05T16:00:00.000Z');
  });

  it('tells every bad cell at once, in the words of the API, and writes nothing', async () => {
    const v = await eventVenue(suite.db, env());
    const other = await eventVenue(suite.db, env());
    const file = csvFile(
      [
        EVENT_HEADER,
        `${v.wedding},,,2027-06-05 18:00,2027-06-05T23:00:00Z,1441,x,-1,1.5,disco,`,
        `no-such-booking,,Lunch,2027-06-05T12:00:00Z,2027-06-05T11:00:00Z,,,,,,no-such-space`,
        `,BK-00099,Tea,2027-06-05T12:00:00Z,2027-07-07T12:00:00Z,,,,,,`,
        `${v.wedding},,Banquet,2027-06-05T18:00:00Z,2027-06-05T20:00:00Z,,,61,,banquet,${v.hall}`,
        `${v.wedding},BK-00001,Standing,2027-06-05T18:00:00Z,2027-06-05T20:00:00Z,,,101,,reception,${v.hall}`,
        `,,Orphan,2027-06-05T18:00:00Z,2027-06-05T20:00:00Z,,,,,,`,
        `${other.wedding},,Elsewhere,2027-06-05T18:00:00Z,2027-06-05T20:00:00Z,,,,,,${other.hall}`,
        `${v.wedding},,Fine,2027-06-05T18:00:00Z,2027-06-05T20:00:00Z,,,20,,,${v.deck}`,
      ].join('\n'),
    );
    const result = await importJson(env(), v.org, 'events', file);
    assert.equal(result.imported, 0);
    assert.equal(result.valid_rows, 1);
    // Within a row, what could not be read comes first, then what the rules refused.
    assert.deepEqual(described(result.errors), [
      '2 start_at: "2027-06-05 18:00" is not a date-time with an offset, such as 2026-05-01T18:00:00Z.',
      '2 setup_minutes: "1441" is not a whole number from 0 to 1440.',
      '2 teardown_minutes: "x" is not a whole number from 0 to 1440.',
      '2 guest_count: "-1" is not a whole number from 0 to 1000000.',
      '2 guaranteed_count: "1.5" is not a whole number from 0 to 1000000.',
      '2 name: An event needs a name, such as Ceremony or Dinner.',
      '2 setup_style: "disco" is not a setup style; one of reception, banquet, theatre, classroom, boardroom, u_shape, cabaret, hollow_square, other.',
      '3 end_at: An event must end after it starts.',
      '3 booking_id: No booking with the id "no-such-booking" exists in this organization.',
      '3 space_ids: No space with the id "no-such-space" exists in this organization.',
      '4 booking_reference: No booking of this organization has the reference "BK-00099".',
      '4 end_at: An event lasts at most 31 days; make it several events.',
      '5 guest_count: 61 guests do not fit in Hall set for banquet: it takes 60.',
      '6 guest_count: 101 guests do not fit in Hall: it takes 100.',
      '7 booking_id: An event needs the booking it belongs to.',
      `8 booking_id: No booking with the id "${other.wedding}" exists in this organization.`,
      `8 space_ids: No space with the id "${other.hall}" exists in this organization.`,
    ]);
    assert.equal((await eventsOf(suite.db, v.org)).length, 3, 'nothing was written');

    // Without --json: each problem as "row N, column X: message", and exit code 2.
    const plain = await importCsv(env(), v.org, 'events', file);
    assert.equal(plain.code, 2);
    assert.match(
      plain.stderr,
      /^ {2}row 5, column guest_count: 61 guests do not fit in Hall set for banquet: it takes 60\.$/m,
    );
    assert.match(plain.stderr, /nothing was imported: the file has 17 problems/);
  });

  it('refuses double booking with a stored definite event and between rows of the file', async () => {
    const v = await eventVenue(suite.db, env());
    const rows = [
      // 2: the wedding's first event holds the hall 14:00–16:00.
      `${v.gala},,Drinks,2027-06-05T15:30:00Z,2027-06-05T17:00:00Z,,,,,,${v.hall}`,
      // 3: with its teardown, the deck until 12:30.
      `${v.gala},,Setup day,2027-07-01T10:00:00Z,2027-07-01T12:00:00Z,,30,,,,${v.deck}`,
      // 4: another definite booking, in the teardown of row 3.
      `${v.wedding},,Picnic,2027-07-01T12:15:00Z,2027-07-01T13:00:00Z,,,,,,${v.deck}`,
      // 5: the same booking as row 3 may use its space at once.
      `${v.gala},,Speeches,2027-07-01T11:00:00Z,2027-07-01T11:30:00Z,,,,,,${v.deck}`,
      // 6: a tentative booking holds an option, which may overlap.
      `${v.conference},,Option,2027-06-05T14:00:00Z,2027-06-05T16:00:00Z,,,,,,${v.hall}`,
      // 7: starting as the wedding's ends (half-open) is no clash.
      `${v.gala},,After,2027-06-05T16:00:00Z,2027-06-05T17:00:00Z,,,,,,${v.hall}`,
      // 8: its setup reaches back into the wedding's event.
      `${v.gala},,Late,2027-06-05T16:30:00Z,2027-06-05T17:30:00Z,45,,,,,${v.hall}`,
    ];
    const result = await importJson(env(), v.org, 'events', csvFile([EVENT_HEADER, ...rows].join('\n')));
    assert.deepEqual(described(result.errors), [
      '2 space_ids: Hall is already held by BK-00001 (definite), its event "Main event", from 2027-06-05T14:00:00.000Z to 2027-06-05T16:00:00.000Z.',
      '4 space_ids: Deck is already held by BK-00003 in row 3 of this file (definite), its event "Setup day", from 2027-07-01T10:00:00.000Z to 2027-07-01T12:30:00.000Z.',
      '8 space_ids: Hall is already held by BK-00001 (definite), its event "Main event", from 2027-06-05T14:00:00.000Z to 2027-06-05T16:00:00.000Z.',
    ]);
    assert.equal((await eventsOf(suite.db, v.org)).length, 3, 'nothing was written');

    const fine = [rows[1], rows[3], rows[4], rows[5]];
    const again = await importJson(env(), v.org, 'events', csvFile([EVENT_HEADER, ...fine].join('\n')));
    assert.deepEqual(again.errors, []);
    assert.equal(again.imported, 4);
    const gala = await suite.db
      .selectFrom('bookings')
      .select(['start_at', 'end_at', 'space_ids'])
      .where('id', '=', v.gala)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [gala.start_at, gala.end_at, (JSON.parse(gala.space_ids) as string[]).sort()],
      ['2027-06-05T16:00:00.000Z', '2027-07-01T23:00:00.000Z', [v.hall, v.deck].sort()],
    );
    // Now stored, the gala's setup day is in the way of the wedding's picnic.
    const picnic = await importJson(env(), v.org, 'events', csvFile([EVENT_HEADER, rows[2]].join('\n')));
    assert.deepEqual(described(picnic.errors), [
      '2 space_ids: Deck is already held by BK-00003 (definite), its event "Setup day", from 2027-07-01T10:00:00.000Z to 2027-07-01T12:30:00.000Z.',
    ]);
  });
});
