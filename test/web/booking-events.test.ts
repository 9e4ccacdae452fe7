/**
 * A booking's events on its page (SPEC §11): listed with their times, setup and teardown, spaces
 * and guests; added and changed through a form with errors beside their fields; a double booking
 * refused naming and linking the other booking; an option overlapping a definite event saved but
 * said on its page; deleting asks first, and a booking's last event stays. The form's event type:
 * its booking's for a new event, the event's own after, another of the organization's, or none.
 * An all-day event stays all day through its form, which adds one by its days and makes one timed.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createEventType } from '../../src/crm/event-types/event-types.js';
import { newId } from '../../src/db/ids.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Events Venue');
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  const newEvent = (fields: Record<string, string | string[]>) => ({
    name: 'Dinner',
    start_at: '2026-11-25T19:00',
    end_at: '2026-11-25T22:30',
    setup_minutes: '60',
    teardown_minutes: '30',
    guest_count: '80',
    ...fields,
  });

  it('lists a booking’s events and adds one through the form, errors beside their fields', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Byron wedding',
      status: 'tentative',
      start_at: '2027-05-08T14:00:00Z',
      end_at: '2027-05-08T15:00:00Z',
      timezone: 'Europe/London',
      event_type: 'Ceremony',
      accountId: venue.accountId,
    });
    const path = `${o}/bookings/${booking.id}`;
    const page = await session.request(path);
    assert.match(text(page.body), /Events Ceremony Change Sat 8 May 2027, 15:00–16:00/);
    assert.match(page.body, new RegExp(`href="${path}/events/new"`));

    const bad = await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({
          name: '',
          start_at: '2027-05-08T20:00',
          end_at: '2027-05-08T18:00',
          setup_minutes: 'soon',
        }),
      },
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'name'), 'An event needs a name, such as Ceremony or Dinner.');
    assert.equal(fieldError(bad.body, 'end_at'), 'An event must end after it starts.');
    assert.equal(fieldError(bad.body, 'setup_minutes'), 'Minutes are a whole number, from 0 to 1440.');

    const added = await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ start_at: '2027-05-08T18:00', end_at: '2027-05-08T23:30', spaces: venue.spaceId }),
      },
    });
    assert.equal(added.status, 303, added.body.slice(0, 300));
    assert.equal(added.location, `${server.url}${path}?notice=event-added`);
    const listed = text((await session.request(added.location)).body);
    assert.match(listed, /Event added\./);
    assert.match(
      listed,
      /Dinner Change Sat 8 May 2027, 18:00–23:30 \(setup 60 min, teardown 30 min\) Boathouse · 80 guests/,
    );
    assert.match(listed, /Sat 8 May 2027, 15:00–23:30/, 'the booking spans its events');
  });

  it('refuses an event clashing with a definite booking, and says so of an option that overlaps one', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const firm = await addBooking(suite.db, venue.actor, {
      name: 'Firm',
      status: 'definite',
      start_at: '2027-06-01T18:00:00Z',
      end_at: '2027-06-01T22:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
      spaceIds: [venue.spaceId],
    });
    const option = await addBooking(suite.db, venue.actor, {
      name: 'Option',
      status: 'tentative',
      start_at: '2027-06-01T10:00:00Z',
      end_at: '2027-06-01T11:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    const saved = await session.request(`${o}/bookings/${option.id}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ start_at: '2027-06-01T20:00', end_at: '2027-06-01T21:00', spaces: venue.spaceId }),
      },
    });
    assert.equal(saved.status, 303, 'an option may overlap');
    const page = await session.request(`${o}/bookings/${option.id}`);
    assert.match(
      text(page.body),
      /Overlaps a definite booking: Boathouse is already held by the definite booking BK-\d+ Firm/,
    );
    assert.match(page.body, new RegExp(`href="${o}/bookings/${firm.id}"`));

    const definite = await addBooking(suite.db, venue.actor, {
      name: 'Also firm',
      status: 'definite',
      start_at: '2027-06-01T08:00:00Z',
      end_at: '2027-06-01T09:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    const refused = await session.request(`${o}/bookings/${definite.id}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ start_at: '2027-06-01T22:15', end_at: '2027-06-01T23:00', spaces: venue.spaceId }),
      },
    });
    assert.equal(refused.status, 409, 'its setup from 21:15 meets the firm booking until 23:00');
    assert.match(text(refused.body), /Boathouse is already held by the definite booking BK-\d+ Firm/);
    assert.match(refused.body, /value="Dinner"/, 'what was typed stays');
  });

  it('changes an event, refuses a change over a newer one, and deletes one after asking, never the last', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Two-day conference',
      start_at: '2027-09-01T08:00:00Z',
      end_at: '2027-09-01T17:00:00Z',
      timezone: 'Europe/London',
      event_type: 'Day one',
      accountId: venue.accountId,
    });
    const path = `${o}/bookings/${booking.id}`;
    await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ name: 'Day two', start_at: '2027-09-02T09:00', end_at: '2027-09-02T18:00' }),
      },
    });
    const ids = [
      ...(await session.request(path)).body.matchAll(/href="[^"]*\/events\/([0-9a-z]{26})\/edit"/g),
    ].map((m) => m[1]!);
    assert.equal(ids.length, 2);
    const edit = await session.request(`${o}/events/${ids[1]}/edit`);
    const version = versionIn(edit.body);
    const changed = await session.request(`${o}/events/${ids[1]}`, {
      form: {
        ...formFields(edit.body, `${o}/events/${ids[1]}`),
        ...newEvent({
          name: 'Day two (workshops)',
          start_at: '2027-09-02T09:00',
          end_at: '2027-09-02T18:00',
        }),
      },
    });
    assert.equal(changed.status, 303);
    const stale = await session.request(`${o}/events/${ids[1]}`, {
      form: {
        _csrf: csrf,
        version,
        ...newEvent({ name: 'Stale name', start_at: '2027-09-02T09:00', end_at: '2027-09-02T18:00' }),
      },
    });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /value="Stale name"/);

    const ask = await session.request(`${o}/events/${ids[1]}/delete`);
    assert.equal(ask.status, 200);
    const gone = await session.request(`${o}/events/${ids[1]}/delete`, {
      form: formFields(ask.body, `${o}/events/${ids[1]}/delete`),
    });
    assert.equal(gone.status, 303);
    assert.equal(gone.location, `${server.url}${path}?notice=event-deleted`);
    const askLast = await session.request(`${o}/events/${ids[0]}/delete`);
    const last = await session.request(`${o}/events/${ids[0]}/delete`, {
      form: formFields(askLast.body, `${o}/events/${ids[0]}/delete`),
    });
    assert.equal(last.status, 409);
    assert.match(text(last.body), /A booking always has at least one event/);
    assert.equal(
      (await session.request(`${o}/events/${ids[0]}`)).location,
      `${server.url}${path}#event-${ids[0]}`,
    );
  });

  it("sets an event's type from the event form: the booking's by default, another, or none", async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Harbour summit',
      start_at: '2027-06-10T08:00:00Z',
      end_at: '2027-06-10T17:00:00Z',
      timezone: 'Europe/London',
      event_type: 'Summit',
      accountId: venue.accountId,
    });
    const typeNamed = (value: string) =>
      suite.db
        .selectFrom('event_types')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .where('value', '=', value)
        .executeTakeFirstOrThrow();
    const summit = await typeNamed('Summit');
    const wedding = await write({ db: suite.db, clock: server.clock }, venue.actor, createEventType, {
      value: 'Wedding',
    });
    const path = `${o}/bookings/${booking.id}`;

    const form = await session.request(`${path}/events/new`);
    assert.equal(form.status, 200);
    assert.match(
      form.body,
      /<label for="field-event_type">Event type <span class="optional">\(optional\)<\/span><\/label>/,
    );
    assert.match(form.body, /<select id="field-event_type" name="event_type"/);
    assert.match(form.body, /<option value="">None<\/option>/);
    assert.match(form.body, new RegExp(`<option value="${summit.id}" selected>Summit</option>`));
    assert.match(form.body, new RegExp(`<option value="${wedding.id}"\\s*>Wedding</option>`));

    const event = {
      _csrf: csrf,
      name: 'Drinks',
      start_at: '2027-06-10T18:00',
      end_at: '2027-06-10T20:00',
    };
    const added = await session.request(`${path}/events`, { form: { ...event, event_type: wedding.id } });
    assert.equal(added.status, 303, text(added.body).slice(0, 500));
    const drinks = await suite.db
      .selectFrom('events')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .where('name', '=', 'Drinks')
      .executeTakeFirstOrThrow();
    assert.equal(drinks.event_type_id, wedding.id);
    const listed = text((await session.request(path)).body);
    assert.match(listed, /Summit Change .*Type: Summit.*Drinks Change .*Type: Wedding/);

    const edit = await session.request(`${o}/events/${drinks.id}/edit`);
    assert.match(edit.body, new RegExp(`<option value="${wedding.id}" selected>Wedding</option>`));
    const none = await session.request(`${o}/events/${drinks.id}`, {
      form: { ...formFields(edit.body, `${o}/events/${drinks.id}`), ...event, event_type: '' },
    });
    assert.equal(none.status, 303, text(none.body).slice(0, 500));
    const untyped = await suite.db
      .selectFrom('events')
      .select('event_type_id')
      .where('id', '=', drinks.id)
      .executeTakeFirstOrThrow();
    assert.equal(untyped.event_type_id, null);
    const select = (body: string) => /<select id="field-event_type"[\s\S]*?<\/select>/.exec(body)?.[0] ?? '';
    const again = select((await session.request(`${o}/events/${drinks.id}/edit`)).body);
    assert.match(again, /<option value="">None<\/option>/);
    assert.doesNotMatch(again, /selected/, 'None, the first, is chosen');

    // A type of another organization (or none at all) is refused beside the select.
    const foreign = await session.request(`${path}/events`, {
      form: { ...event, name: 'Late drinks', event_type: newId() },
    });
    assert.equal(foreign.status, 422);
    assert.match(fieldError(foreign.body, 'event_type'), /No event type with the id "\w+" exists/);
  });

  it('shows an all-day event by its days', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Fair build',
      start_date: '2027-06-10',
      end_date: '2027-06-11',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    const page = await session.request(`${o}/bookings/${booking.id}`);
    assert.equal(page.status, 200);
    assert.match(text(page.body), /Thu 10 Jun 2027 – Fri 11 Jun 2027, all day/);
  });

  it('keeps an all-day event all day through its form, adds one, and makes one timed when unticked', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Craft fair',
      start_date: '2027-06-10',
      end_date: '2027-06-11',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    const path = `${o}/bookings/${booking.id}`;
    const eventsOf = () =>
      suite.db
        .selectFrom('events')
        .select(['name', 'start_at', 'end_at', 'start_date', 'end_date', 'all_day'])
        .where('booking_id', '=', booking.id)
        .orderBy('start_at')
        .execute();
    const [first] = await suite.db
      .selectFrom('events')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    const action = `${o}/events/${first!.id}`;

    // Its form shows it all day, from the start of its first day to the end of its last.
    const edit = await session.request(`${action}/edit`);
    assert.match(
      edit.body,
      /<input type="checkbox" id="field-all_day" name="all_day" value="yes"[^>]*checked/,
    );
    assert.match(edit.body, /name="start_at" type="datetime-local" value="2027-06-10T00:00"/);
    assert.match(edit.body, /name="end_at" type="datetime-local" value="2027-06-11T23:59"/);
    const saved = await session.request(action, {
      form: {
        ...formFields(edit.body, action),
        ...newEvent({ name: 'Fair', start_at: '2027-06-10T00:00', end_at: '2027-06-11T23:59' }),
        all_day: 'yes',
      },
    });
    assert.equal(saved.status, 303);
    const allDay = {
      name: 'Fair',
      start_at: '2027-06-09T23:00:00.000Z',
      end_at: '2027-06-11T23:00:00.000Z',
      start_date: '2027-06-10',
      end_date: '2027-06-11',
    };
    assert.deepEqual(
      (await eventsOf()).map((e) => ({ ...e, all_day: Number(e.all_day) })),
      [{ ...allDay, all_day: 1 }],
    );

    // A new one all day: the days of its fields, whatever their times; errors beside the fields.
    const bad = await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ name: 'Breakdown', start_at: '', end_at: '2027-06-09T10:00' }),
        all_day: 'yes',
      },
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'start_at'), 'Give the day it starts.');
    const backwards = await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ name: 'Breakdown', start_at: '2027-06-12T10:00', end_at: '2027-06-11T10:00' }),
        all_day: 'yes',
      },
    });
    assert.equal(backwards.status, 422);
    assert.match(fieldError(backwards.body, 'end_at'), /end/);
    const added = await session.request(`${path}/events`, {
      form: {
        _csrf: csrf,
        ...newEvent({ name: 'Breakdown', start_at: '2027-06-12T15:00', end_at: '2027-06-12T09:00' }),
        all_day: 'yes',
      },
    });
    assert.equal(added.status, 303);
    const breakdown = (await eventsOf()).find((e) => e.name === 'Breakdown');
    assert.deepEqual(
      { ...breakdown, all_day: Number(breakdown?.all_day) },
      {
        name: 'Breakdown',
        start_at: '2027-06-11T23:00:00.000Z',
        end_at: '2027-06-12T23:00:00.000Z',
        start_date: '2027-06-12',
        end_date: '2027-06-12',
        all_day: 1,
      },
    );

    // Unticked, it takes the times of its fields.
    const again = await session.request(`${action}/edit`);
    const timed = await session.request(action, {
      form: {
        ...formFields(again.body, action),
        ...newEvent({ name: 'Fair', start_at: '2027-06-10T09:00', end_at: '2027-06-11T17:00' }),
      },
    });
    assert.equal(timed.status, 303);
    const fair = (await eventsOf()).find((e) => e.name === 'Fair');
    assert.deepEqual(
      { ...fair, all_day: Number(fair?.all_day) },
      { ...allDay, start_at: '2027-06-10T08:00:00.000Z', end_at: '2027-06-11T16:00:00.000Z', all_day: 0 },
    );
  });
});
