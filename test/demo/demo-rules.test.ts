/**
 * The demo venue keeps the rules it shows off (SPEC §11): every booking, event, space, account and
 * contact of it saves unchanged through the same commands the API and the pages use, and what the
 * seed wrote beside them is what those commands would have written; the double-booking check sees
 * its holds; every event fits its spaces set for its style; no two definite bookings need a space
 * at once; each wedding has a ceremony, drinks and a dinner, and a conference runs two days with
 * breakouts in the ballroom's salons. Its current and next week are busy on whichever day it is
 * seeded, daylight-saving changes included, and the same clock makes the same demo. A booking for
 * people rather than a company has a person account named after them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { updateAccount } from '../../src/crm/accounts/index.js';
import { createBooking, updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { updateContact } from '../../src/crm/contacts/index.js';
import { updateEvent } from '../../src/crm/events/event.commands.js';
import { findClash, SpaceConflictError } from '../../src/crm/occupancy/index.js';
import { eventsBetween } from '../../src/crm/events/event.reads.js';
import { occupiedStretch } from '../../src/crm/occupancy/index.js';
import { spacesById, spacesOf } from '../../src/crm/facts.js';
import { updateSpace } from '../../src/crm/spaces/space.commands.js';
import type { Booking } from '../../src/crm/bookings/booking.table.js';
import type { Event } from '../../src/crm/events/event.table.js';
import type { Clock } from '../../src/clock.js';
import type { Db } from '../../src/db/database.js';
import { DEMO_ZONE, generateDemoData } from '../../src/demo/demo-data.js';
import { seedDemo } from '../../src/demo/seed-demo.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { addDays, zonedToUtc } from '../../src/web/workspace/time-zones.js';
import { type Change, type Command, write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { TestClock, weekdayAt } from '../helpers/test-clock.js';
import {
  type DemoView,
  doubleBookings,
  fortnightLoad,
  fortnightShape,
  mondayAt,
  optionsOverDefinite,
  overCapacity,
  ownClashes,
  twoDayConferences,
} from './demo-checks.js';

/** Friday 31 October 2031, 09:00 in Boston: the week ends on Sunday 2 November, when summer time ends. */
const FRIDAY_BEFORE_FALL_BACK = Date.parse('2031-10-31T13:00:00Z');

/** Any clock: a week of June (Sunday to Saturday), and around both daylight-saving changes of 2031. */
const CLOCKS: ReadonlyArray<readonly [string, number]> = [
  ...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(
    (day, i) => [`${day} in June`, weekdayAt(i)] as const,
  ),
  ['Friday evening in June', weekdayAt(5, '23:30')],
  ['Saturday before spring forward', Date.parse('2031-03-08T15:00:00Z')],
  ['Sunday of spring forward', Date.parse('2031-03-09T16:00:00Z')],
  ['Friday before fall back', FRIDAY_BEFORE_FALL_BACK],
  ['Sunday of fall back', Date.parse('2031-11-02T15:00:00Z')],
  ['Sunday before fall back, late', Date.parse('2031-10-27T03:30:00Z')],
];

function generatedView(now: number): DemoView {
  const data = generateDemoData('org', 'owner', now);
  return { zone: DEMO_ZONE, spaces: spacesById(data.spaces as never), bookings: data.bookings };
}

type Stored = Booking & { events: Event[] };

async function storedView(
  db: Db,
  organizationId: string,
): Promise<Omit<DemoView, 'bookings'> & { bookings: Stored[] }> {
  const [spaces, bookings, events] = await Promise.all([
    spacesOf(db, organizationId),
    db
      .selectFrom('bookings')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('reference')
      .execute(),
    db
      .selectFrom('events')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('start_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    zone: DEMO_ZONE,
    spaces,
    bookings: bookings.map((b) => ({ ...b, events: events.filter((e) => e.booking_id === b.id) })),
  };
}

/** What a venue manager sees of the demo as seeded: everything but ids and versions, spaces by name. */
async function content(db: Db, organizationId: string) {
  const view = await storedView(db, organizationId);
  const name = (id: string) => view.spaces.get(id)?.name ?? id;
  const names = (ids: string) => (JSON.parse(ids) as string[]).map(name);
  const [accounts, contacts, notes, stages, sources] = await Promise.all([
    db
      .selectFrom('accounts')
      .select(['id', 'name', 'email', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('email')
      .execute(),
    db
      .selectFrom('contacts')
      .select(['first_name', 'last_name', 'email', 'account_id'])
      .where('organization_id', '=', organizationId)
      .orderBy('email')
      .execute(),
    db
      .selectFrom('notes')
      .select(['notable_type', 'body', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .orderBy('body')
      .execute(),
    db.selectFrom('stages').select(['id', 'name']).where('organization_id', '=', organizationId).execute(),
    db
      .selectFrom('referral_sources')
      .select(['id', 'name'])
      .where('organization_id', '=', organizationId)
      .execute(),
  ]);
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const types = await db
    .selectFrom('event_types')
    .select(['id', 'value'])
    .where('organization_id', '=', organizationId)
    .execute();
  const typeOf = (id: string | null) => types.find((t) => t.id === id)?.value ?? id;
  const placeName = new Map([...stages, ...sources].map((r) => [r.id, r.name]));
  return {
    spaces: [...view.spaces.values()].map((s) => ({ ...s, id: undefined, parts: s.parts.map(name) })),
    accounts: accounts.map((a) => ({ ...a, id: undefined })),
    contacts: contacts.map((c) => ({ ...c, account_id: c.account_id && accountName.get(c.account_id) })),
    notes,
    bookings: view.bookings.map(({ events, id: _id, organization_id: _org, updated_at: _version, ...b }) => ({
      ...b,
      account_id: b.account_id && accountName.get(b.account_id),
      contact_id: undefined,
      owner_id: undefined,
      stage_id: b.stage_id && placeName.get(b.stage_id),
      referral_source_id: b.referral_source_id && placeName.get(b.referral_source_id),
      space_ids: names(b.space_ids),
      events: events.map(({ id: _e, organization_id: _o, booking_id: _b, updated_at: _v, ...e }) => ({
        ...e,
        space_ids: names(e.space_ids),
        event_type_id: typeOf(e.event_type_id),
      })),
    })),
  };
}

eachDatabase((suite) => {
  // Seeding reads the clock once; writes after it see time pass from there.
  const seededAt: Clock = { now: () => FRIDAY_BEFORE_FALL_BACK };
  const clock = new TestClock();
  clock.setTo(FRIDAY_BEFORE_FALL_BACK);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  let actor: Actor;
  const writer = () => ({ db: suite.db, clock });

  it('seeds the demo venue at the clock’s now, in Boston and in dollars', async () => {
    demo = await seedDemo(suite.db, seededAt);
    const admin = await suite.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.admin_email)
      .executeTakeFirstOrThrow();
    actor = staffActor({ organizationId: demo.org_id, userId: admin.id, role: 'admin', door: 'api' });
    const org = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', demo.org_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(org, { timezone: 'America/New_York', currency: 'USD' });
  });

  it('saves every demo record unchanged through the commands the API uses, and wrote what they would', async () => {
    const derived = async () => ({
      bookings: await suite.db
        .selectFrom('bookings')
        .select(['id', 'status', 'start_at', 'end_at', 'guest_count', 'space_ids'])
        .where('organization_id', '=', demo.org_id)
        .orderBy('id')
        .execute(),
      bookingSpaces: await suite.db
        .selectFrom('booking_spaces as bs')
        .innerJoin('bookings as b', 'b.id', 'bs.booking_id')
        .select(['bs.booking_id', 'bs.space_id'])
        .where('b.organization_id', '=', demo.org_id)
        .orderBy('bs.booking_id')
        .orderBy('bs.space_id')
        .execute(),
      holds: await suite.db
        .selectFrom('event_spaces')
        .selectAll()
        .where('organization_id', '=', demo.org_id)
        .orderBy('event_id')
        .orderBy('space_id')
        .execute(),
      parts: await suite.db
        .selectFrom('space_parts')
        .selectAll()
        .orderBy('space_id')
        .orderBy('part_id')
        .execute(),
    });
    const before = await derived();
    assert.ok(before.holds.length > before.bookings.length, 'bookings hold spaces through several events');

    const unchanged = async <Input>(
      table: 'bookings' | 'events' | 'spaces' | 'accounts' | 'contacts',
      command: Command<Change<Input>, unknown>,
    ) => {
      const rows = await suite.db
        .selectFrom(table)
        .select('id')
        .where('organization_id', '=', demo.org_id)
        .execute();
      assert.ok(rows.length > 0, table);
      const refused: string[] = [];
      for (const { id } of rows) {
        await write(writer(), actor, command, { id, ifMatch: undefined, input: {} as Input }).catch(
          (error: unknown) => refused.push(`${id}: ${(error as Error).message}`),
        );
      }
      assert.deepEqual(refused, [], `${table} the rules refuse`);
    };
    await unchanged('spaces', updateSpace);
    await unchanged('bookings', updateBooking);
    // Each event is judged again: its fields and guests for its spaces and style, and (definite)
    // against every other definite booking's holds; its booking's times and spaces follow it.
    await unchanged('events', updateEvent);
    await unchanged('accounts', updateAccount);
    await unchanged('contacts', updateContact);
    assert.deepEqual(await derived(), before, 'the seed wrote what the commands keep beside the records');

    const bookings = await suite.db
      .selectFrom('bookings as b')
      .leftJoin('accounts as a', 'a.id', 'b.account_id')
      .leftJoin('contacts as c', 'c.id', 'b.contact_id')
      .select(['b.reference', 'a.name as account', 'c.first_name', 'c.last_name'])
      .where('b.organization_id', '=', demo.org_id)
      .execute();
    assert.ok(
      bookings.every((b) => b.account !== null),
      'every booking has an account',
    );
    const personal = bookings.filter((b) => b.account === `${b.first_name} ${b.last_name}`);
    assert.ok(personal.length > 0, 'some bookings are for people, under a person account');
  });

  it('holds its spaces where the double-booking check looks: another definite booking there is refused', async () => {
    const view = await storedView(suite.db, demo.org_id);
    const definite = view.bookings.filter((b) => b.status === 'definite').flatMap((b) => b.events);
    const unshared = definite.filter((e) =>
      (JSON.parse(e.space_ids) as string[]).some((id) => !view.spaces.get(id)!.shareable),
    );
    assert.ok(unshared.length > 20);
    for (const event of unshared) {
      const { from, until } = occupiedStretch(event);
      const hold = { spaceIds: JSON.parse(event.space_ids) as string[], from, until };
      assert.ok(await findClash(suite.db, demo.org_id, hold, view.spaces), `${event.name} ${event.start_at}`);
    }

    // Next week's Saturday wedding dinner has the Grand Ballroom, and so Salon A: a party there is an option at most.
    const saturday = addDays(mondayAt(clock.now(), DEMO_ZONE), 12);
    const ballroom = [...view.spaces.values()].find((s) => s.name === 'Grand Ballroom')!;
    const dinner = view.bookings.find(
      (b) =>
        b.status === 'definite' &&
        b.events.some(
          (e) => e.name === 'Dinner' && e.space_ids.includes(ballroom.id) && e.start_at.startsWith(saturday),
        ),
    );
    assert.ok(dinner, 'a definite wedding dinner in the ballroom next Saturday');
    const salonA = ballroom.parts.find((id) => view.spaces.get(id)!.name === 'Salon A')!;
    const account = await suite.db
      .selectFrom('accounts')
      .select('id')
      .where('organization_id', '=', demo.org_id)
      .executeTakeFirstOrThrow();
    const party = await write(writer(), actor, createBooking, {
      name: 'Late party',
      accountId: account.id,
      start_at: new Date(zonedToUtc(`${saturday}T21:00`, DEMO_ZONE)!).toISOString(),
      end_at: new Date(zonedToUtc(`${saturday}T23:00`, DEMO_ZONE)!).toISOString(),
      spaceIds: [salonA],
    });
    const refused = await write(writer(), actor, updateBooking, {
      id: party.id,
      ifMatch: undefined,
      input: { status: 'definite' },
    }).catch((error: unknown) => error);
    assert.ok(refused instanceof SpaceConflictError, String(refused));
    assert.equal(refused.clash.reference, dinner.reference);
  });

  it('fits every event, books no space twice, gives weddings their events and a conference two days', async () => {
    const view = await storedView(suite.db, demo.org_id);
    assert.deepEqual(overCapacity(view), []);
    assert.deepEqual(doubleBookings(view), []);
    assert.deepEqual(ownClashes(view), []);
    const weddings = view.bookings.filter((b) => b.event_type === 'Wedding');
    assert.ok(weddings.length >= 5);
    assert.deepEqual(
      weddings
        .filter((w) => w.events.length < 2 || !w.events.some((e) => e.name === 'Ceremony'))
        .map((w) => w.reference),
      [],
    );
    assert.ok(
      twoDayConferences(view).length >= 1,
      'a definite conference over two days with breakouts in the salons',
    );
    const styles = new Set(view.bookings.flatMap((b) => b.events.map((e) => e.setup_style)));
    assert.ok(
      ['banquet', 'theatre', 'classroom', 'reception', 'boardroom'].every((s) => styles.has(s as never)),
    );
    assert.ok(view.bookings.some((b) => b.events.some((e) => e.setup_minutes > 0 && e.teardown_minutes > 0)));
  });

  it('places its bookings in the pipeline by status, most with a referral source', async () => {
    const rows = await suite.db
      .selectFrom('bookings as b')
      .leftJoin('stages as s', 's.id', 'b.stage_id')
      .leftJoin('referral_sources as r', 'r.id', 'b.referral_source_id')
      .select(['b.status', 's.name as stage', 'r.name as source'])
      .where('b.organization_id', '=', demo.org_id)
      .where('b.name', '<>', 'Late party')
      .execute();
    const stagesOf = (status: string) => new Set(rows.filter((r) => r.status === status).map((r) => r.stage));
    assert.deepEqual([...stagesOf('lead')].sort(), ['New inquiry', 'Site visit']);
    assert.deepEqual([...stagesOf('tentative')].sort(), ['Negotiating', 'Proposal sent']);
    assert.deepEqual([...stagesOf('definite')], ['Won']);
    assert.deepEqual([...stagesOf('lost')], [null]);
    const sources = new Set(rows.map((r) => r.source));
    assert.ok(['Website', 'Wedding fair', 'Referral'].every((s) => sources.has(s)));
    assert.ok(rows.filter((r) => r.source !== null).length > rows.length / 2);
  });

  it('shows a busy week now and next week in the week view’s read', async () => {
    const monday = mondayAt(clock.now(), DEMO_ZONE);
    for (let i = 0; i < 14; i++) {
      const day = addDays(monday, i);
      const from = new Date(zonedToUtc(day, DEMO_ZONE)!).toISOString();
      const until = new Date(zonedToUtc(addDays(day, 1), DEMO_ZONE)!).toISOString();
      const events = await eventsBetween(suite.db, demo.org_id, from, until);
      const spaces = new Set(events.flatMap((e) => JSON.parse(e.space_ids) as string[]));
      assert.ok(
        events.length >= 4 && spaces.size >= 3,
        `${day}: ${events.length} events in ${spaces.size} spaces`,
      );
    }
  });

  it('makes the same demo for the same clock', async () => {
    const again = await seedDemo(suite.db, seededAt);
    const [first, second] = [await content(suite.db, demo.org_id), await content(suite.db, again.org_id)];
    // The first has a party more (above): compare what seeding made.
    const seeded = (c: typeof first) => ({
      ...c,
      bookings: c.bookings.filter((b) => b.name !== 'Late party'),
    });
    assert.deepEqual(seeded(second), seeded(first));
  });
});

describe('the demo on any day', () => {
  const views = CLOCKS.map(([when, now]) => ({ when, now, view: generatedView(now) }));

  it('is busy every day of the current and the next week, with options held beside definite bookings', () => {
    for (const { when, now, view } of views) {
      const thin = fortnightLoad(view, now).filter((d) => d.events < 4 || d.spaces < 3 || d.held < 1);
      assert.deepEqual(thin, [], when);
      assert.ok(
        optionsOverDefinite(view, now).length >= 2,
        `${when}: options beside definite bookings next week`,
      );
    }
  });

  it('keeps the rules on every day: capacities by style, no space booked twice, weddings and a two-day conference', () => {
    for (const { when, view } of views) {
      assert.deepEqual(overCapacity(view), [], when);
      assert.deepEqual(doubleBookings(view), [], when);
      assert.deepEqual(ownClashes(view), [], when);
      assert.ok(
        view.bookings.filter((b) => b.event_type === 'Wedding').every((w) => w.events.length >= 2),
        when,
      );
      assert.ok(twoDayConferences(view).length >= 1, when);
    }
  });

  it('books the same fortnight at the same wall-clock times, across daylight-saving changes', () => {
    const [first, ...rest] = views.map(({ now, view }) => fortnightShape(view, now));
    assert.ok(
      first!.some((line) =>
        / 18:00–23:30 Wedding Dinner @ Grand Ballroom \(−240\/\+90, banquet\)$/.test(line),
      ),
    );
    for (const [i, shape] of rest.entries()) assert.deepEqual(shape, first, views[i + 1]!.when);
  });

  it('makes the same demo for the same clock', () => {
    const strip = (now: number) => {
      const ids = new Map<string, string>();
      const label = (id: string) => ids.get(id) ?? (ids.set(id, `#${ids.size}`), `#${ids.size - 1}`);
      return JSON.stringify(generateDemoData('org', 'owner', now), (_key, value: unknown) =>
        typeof value === 'string' && /^[0-9a-z]{26}$/.test(value)
          ? label(value)
          : typeof value === 'string' && value.startsWith('[')
            ? value.replace(/[0-9a-z]{26}/g, label)
            : value,
      );
    };
    assert.equal(strip(FRIDAY_BEFORE_FALL_BACK), strip(FRIDAY_BEFORE_FALL_BACK));
  });
});
