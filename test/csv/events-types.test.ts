/**
 * An event's type in CSV (SPEC §11, §15): an events import names it by its value in `event_type`,
 * whatever its case; a value the organization has no type for yet is made once, however many
 * rows name it; an empty cell takes the booking's type. An export writes the value, and imports again.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eachDatabase } from '../helpers/databases.js';
import { csvFile, importJson } from './csv-fixtures.js';
import { described, eventsOf, eventVenue, exportOf } from './event-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;
  const typesOf = async (org: string) =>
    new Map(
      (
        await suite.db
          .selectFrom('event_types')
          .select(['id', 'value'])
          .where('organization_id', '=', org)
          .execute()
      ).map((t) => [t.id, t.value]),
    );

  it('imports events by their type, making a new type once, and exports the type', async () => {
    const v = await eventVenue(suite.db, env());
    const before = await importJson(
      env(),
      v.org,
      'bookings',
      csvFile(
        `name,start_at,end_at,account_name,event_type\nTyped,2027-08-01T10:00:00Z,2027-08-01T12:00:00Z,Pier,Wedding\n`,
      ),
    );
    assert.deepEqual(before.errors, []);
    const typed = await suite.db
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', v.org)
      .where('name', '=', 'Typed')
      .executeTakeFirstOrThrow();
    const header = 'booking_id,name,start_at,end_at,event_type';
    const day = '2027-08-02T10:00:00Z,2027-08-02T12:00:00Z';
    const file = csvFile(
      [
        header,
        `${v.gala},Ceremony,${day},WEDDING`,
        `${v.gala},Breakout,${day},Workshop`,
        `${v.gala},Breakout two,${day},workshop`,
        `${typed.id},Dinner,${day},`,
      ].join('\n'),
    );
    const result = await importJson(env(), v.org, 'events', file);
    assert.deepEqual(result.errors, []);
    const types = await typesOf(v.org);
    assert.deepEqual([...types.values()].sort(), ['Wedding', 'Workshop'], 'one new type, as first written');
    const imported = (await eventsOf(suite.db, v.org)).slice(-4);
    assert.deepEqual(
      imported.map((e) => [e.name, e.event_type_id === null ? null : types.get(e.event_type_id)]),
      [
        ['Ceremony', 'Wedding'],
        ['Breakout', 'Workshop'],
        ['Breakout two', 'Workshop'],
        ['Dinner', 'Wedding'],
      ],
      'an empty cell takes the booking’s type',
    );
    const { count } = await suite.db
      .selectFrom('changes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('organization_id', '=', v.org)
      .where('type', '=', 'event_type.created')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count), 2, 'Wedding with its booking, Workshop with the events');

    const rows = parse((await exportOf(env(), v.org, 'events')).stdout, {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    assert.deepEqual(
      rows.filter((r) => r.start_at === '2027-08-02T10:00:00.000Z').map((r) => [r.name, r.event_type]),
      [
        ['Ceremony', 'Wedding'],
        ['Breakout', 'Workshop'],
        ['Breakout two', 'Workshop'],
        ['Dinner', 'Wedding'],
      ],
    );
    assert.equal(rows.find((r) => r.name === 'Main event')?.event_type, '', 'an untyped event');

    const long = 'x'.repeat(101);
    const bad = await importJson(
      env(),
      v.org,
      'events',
      csvFile(`${header}\n${v.gala},Too long,${day},${long}\n`),
    );
    assert.deepEqual(described(bad.errors), [
      '2 event_type: An event type is one line of at most 100 characters.',
    ]);
    assert.equal((await typesOf(v.org)).size, 2, 'a refused file makes no type');
  });
});
