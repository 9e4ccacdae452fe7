/**
 * A whole venue moved by CSV (SPEC §10: an export imports unchanged into another organization):
 * the demo venue's accounts, contacts, bookings and their events, exported as they are and
 * imported into a new organization whose spaces are named alike and whose members include the
 * demo's admin. Every record arrives: each booking with its status, stage, source, contact, owner
 * and exactly its events in the same spaces; nothing is edited by hand between the two.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { seedDemo } from '../../src/demo/seed-demo.js';
import { addMember } from '../../src/identity/identity.service.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { csvFile, importCsv } from './csv-fixtures.js';
import { exportOf } from './event-fixtures.js';

/** A Friday in 2031, so the demo's dates are the same whenever the suite runs. */
const SEEDED_AT = Date.parse('2031-10-31T14:00:00Z');

/** The target's spaces: the source's, named alike, with their capacities and parts. */
async function copySpaces(db: Db, from: string, to: string): Promise<void> {
  const spaces = await db.selectFrom('spaces').selectAll().where('organization_id', '=', from).execute();
  const ids = new Map(spaces.map((s) => [s.id, newId()]));
  const copied = spaces.map((s) => ({
    ...s,
    id: ids.get(s.id)!,
    organization_id: to,
    part_ids: JSON.stringify((JSON.parse(s.part_ids) as string[]).map((p) => ids.get(p)!)),
  }));
  await db.insertInto('spaces').values(copied).execute();
  const parts = copied.flatMap((s) =>
    (JSON.parse(s.part_ids) as string[]).map((part) => ({ space_id: s.id, part_id: part })),
  );
  if (parts.length > 0) await db.insertInto('space_parts').values(parts).execute();
}

/** What a booking is, whatever organization holds it: by name and first start. */
async function bookingsOf(db: Db, org: string) {
  const rows = await db
    .selectFrom('bookings as b')
    .leftJoin('stages as st', 'st.id', 'b.stage_id')
    .leftJoin('referral_sources as rs', 'rs.id', 'b.referral_source_id')
    .leftJoin('contacts as c', 'c.id', 'b.contact_id')
    .leftJoin('accounts as a', 'a.id', 'b.account_id')
    .select([
      'b.id',
      'b.name',
      'b.status',
      'b.start_at',
      'b.end_at',
      'b.guest_count',
      'b.lost_reason',
      'b.owner_id',
      'st.name as stage',
      'rs.name as source',
      'c.email as contact',
      'a.name as account',
    ])
    .where('b.organization_id', '=', org)
    .execute();
  const events = await db
    .selectFrom('events as e')
    .select([
      'e.booking_id',
      'e.name',
      'e.start_at',
      'e.end_at',
      'e.guest_count',
      'e.space_ids',
      'e.setup_style',
    ])
    .where('e.organization_id', '=', org)
    .execute();
  const spaceNames = new Map(
    (await db.selectFrom('spaces').select(['id', 'name']).where('organization_id', '=', org).execute()).map(
      (s) => [s.id, s.name],
    ),
  );
  return rows
    .map(({ id, ...booking }) => ({
      ...booking,
      guest_count: booking.guest_count === null ? null : Number(booking.guest_count),
      events: events
        .filter((e) => e.booking_id === id)
        .map(({ booking_id: _b, space_ids, ...e }) => ({
          ...e,
          guest_count: e.guest_count === null ? null : Number(e.guest_count),
          spaces: (JSON.parse(space_ids) as string[]).map((s) => spaceNames.get(s)).sort(),
        }))
        .sort((x, y) => x.start_at.localeCompare(y.start_at) || x.name.localeCompare(y.name)),
    }))
    .sort((x, y) => x.start_at.localeCompare(y.start_at) || x.name.localeCompare(y.name));
}

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('moves the demo venue into a new organization from its exports, unchanged', async () => {
    const demo = await seedDemo(suite.db, { now: () => SEEDED_AT });
    const to = (await makeOrganization(suite.db)).id;
    await copySpaces(suite.db, demo.org_id, to);
    await addMember(suite.db, to, demo.admin_email, 'admin');

    const exported = async (type: string) => {
      const result = await exportOf(env(), demo.org_id, type);
      assert.equal(result.code, 0, result.stderr);
      return csvFile(result.stdout);
    };
    const [accounts, contacts, bookings, events] = [
      await exported('accounts'),
      await exported('contacts'),
      await exported('bookings'),
      await exported('events'),
    ];
    for (const [type, file, extra] of [
      ['accounts', accounts, []],
      ['contacts', contacts, []],
      ['bookings', bookings, ['--events', events]],
    ] as const) {
      const result = await importCsv(env(), to, type, file, ...extra);
      assert.equal(result.code, 0, `${type}: ${result.stderr}`);
    }

    const before = await bookingsOf(suite.db, demo.org_id);
    const after = await bookingsOf(suite.db, to);
    assert.equal(after.length, demo.bookings);
    assert.ok(
      before.some((b) => b.events.length > 1),
      'the demo has bookings of several events',
    );
    assert.ok(before.some((b) => b.status === 'lost') && before.some((b) => b.status === 'closed'));
    assert.deepEqual(after, before);
  });
});
