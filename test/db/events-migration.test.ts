/**
 * Migration 2026-11-27T08 turns each booking of the previous release into a booking with one
 * event, losing nothing: the event has the booking's id, times, guests, spaces and status, and is
 * named after its event type (else "Main event"); its holds read as before. On both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Migrator } from 'kysely';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { allMigrations } from '../../src/db/migrate.js';
import { eachDatabase } from '../helpers/databases.js';

eachDatabase((suite) => {
  it('gives every existing booking one event with its times, guests, spaces and status', async () => {
    const migrator = new Migrator({ db: suite.db, provider: { getMigrations: allMigrations } });
    // Down to the release before events (the migrations after it go first).
    const down = await migrator.migrateTo('2026-11-27T07-changes');
    assert.equal(down.error, undefined, String(down.error));
    const at = isoTime(Date.parse('2030-03-01T00:00:00.000Z'));
    const db = suite.db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    // An organization as that release made it (today's come with a pipeline, which it had not).
    const org = { id: newId(), name: 'Old venue' };
    await db
      .insertInto('organizations')
      .values({ ...org, created_at: at, updated_at: at })
      .execute();
    const hall = newId();
    await db
      .insertInto('spaces')
      .values({
        id: hall,
        organization_id: org.id,
        name: 'Hall',
        capacity: 100,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const rows = [
      { name: 'Wedding', event_type: 'Wedding', status: 'definite', guests: 90, spaces: [hall] },
      { name: 'Meeting', event_type: null, status: 'lost', guests: null, spaces: [] },
      // A booking of 40 days: it keeps its times, whatever they are.
      { name: 'Residency', event_type: '  ', status: 'tentative', guests: 5, spaces: [hall], days: 40 },
      { name: 'Second wedding', event_type: 'wedding ', status: 'lead', guests: 10, spaces: [] },
    ].map((b, i) => ({
      id: newId(Date.parse(at) + i),
      organization_id: org.id,
      reference: `BK-0000${i + 1}`,
      name: b.name,
      status: b.status,
      start_at: `2030-04-0${i + 1}T18:00:00.000Z`,
      end_at: isoTime(Date.parse(`2030-04-0${i + 1}T18:00:00.000Z`) + (b.days ?? 0.25) * 86_400_000),
      timezone: 'Europe/Paris',
      guest_count: b.guests,
      event_type: b.event_type,
      space_ids: JSON.stringify(b.spaces),
      currency: 'EUR',
      total_amount: 100,
      lost_reason: b.status === 'lost' ? 'Budget' : null,
      account_id: null,
      contact_id: null,
      owner_id: null,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('bookings').values(rows).execute();
    await db
      .insertInto('booking_spaces')
      .values(
        rows.flatMap((r) =>
          (JSON.parse(r.space_ids) as string[]).map((s) => ({ booking_id: r.id, space_id: s })),
        ),
      )
      .execute();
    await db.insertInto('booking_references').values({ organization_id: org.id, last_number: 4 }).execute();

    const up = await migrator.migrateToLatest();
    assert.equal(up.error, undefined, String(up.error));
    const events = await suite.db
      .selectFrom('events')
      .select(['id', 'booking_id', 'name', 'status', 'start_at', 'end_at', 'guest_count', 'space_ids'])
      .where('organization_id', '=', org.id)
      .orderBy('start_at')
      .execute();
    assert.deepEqual(
      events.map((e) => [
        e.id === e.booking_id,
        e.name,
        e.status,
        e.start_at,
        e.end_at,
        e.guest_count,
        e.space_ids,
      ]),
      rows.map((r) => [
        true,
        r.event_type?.trim() || 'Main event',
        r.status,
        r.start_at,
        r.end_at,
        r.guest_count,
        r.space_ids,
      ]),
    );
    const holds = await suite.db
      .selectFrom('event_spaces')
      .select(['event_id', 'space_id', 'status', 'occupied_from', 'occupied_until'])
      .where('organization_id', '=', org.id)
      .orderBy('occupied_from')
      .execute();
    assert.deepEqual(
      holds.map((h) => [h.event_id, h.status, h.occupied_from, h.occupied_until]),
      [rows[0]!, rows[2]!].map((r) => [r.id, r.status, r.start_at, r.end_at]),
    );
    const longest = await suite.db
      .selectFrom('booking_references')
      .select('longest_hold_minutes')
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    assert.ok(Number(longest.longest_hold_minutes) >= 40 * 1440, 'reads of holds look back 40 days there');

    // 2026-11-27T20: each event's wall-clock times in its booking's zone (Paris, UTC+2 in April),
    // and its booking's event type, one type per value whatever its case.
    const types = await suite.db
      .selectFrom('event_types')
      .select(['id', 'value'])
      .where('organization_id', '=', org.id)
      .execute();
    assert.deepEqual(
      types.map((t) => t.value),
      ['Wedding'],
    );
    const walls = await suite.db
      .selectFrom('events')
      .select(['start_date', 'start_time', 'end_date', 'end_time', 'all_day', 'event_type_id'])
      .where('organization_id', '=', org.id)
      .orderBy('start_at')
      .execute();
    assert.deepEqual(
      walls.map((w) => [
        w.start_date,
        w.start_time,
        w.end_date,
        w.end_time,
        Number(w.all_day),
        w.event_type_id,
      ]),
      [
        ['2030-04-01', '20:00', '2030-04-02', '02:00', 0, types[0]!.id],
        ['2030-04-02', '20:00', '2030-04-03', '02:00', 0, null],
        ['2030-04-03', '20:00', '2030-05-13', '20:00', 0, null],
        ['2030-04-04', '20:00', '2030-04-05', '02:00', 0, types[0]!.id],
      ],
    );
  });
});
