/**
 * A booking's page shows its events' notes beside its own (SPEC §5, §13): a note about an event,
 * such as one marked to print on that event's BEO, is listed in the booking's Notes naming its
 * event, with its edit link for its author or an admin; another booking's event's notes are not.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createEvent } from '../../src/crm/events/index.js';
import { createNote } from '../../src/crm/notes/index.js';
import { systemClock } from '../../src/clock.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let eventNote: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    const run = async <Input, Result>(command: Command<Input, Result>, input: Input) =>
      write({ db: suite.db, clock: systemClock }, venue.actor, command, input);
    const dinner = await run(createEvent, {
      bookingId: venue.bookingId,
      name: 'Harbour dinner',
      start_at: '2026-11-25T19:00:00Z',
      end_at: '2026-11-25T22:00:00Z',
      spaceIds: [venue.spaceId],
    });
    eventNote = (
      await run(createNote, {
        body: 'Band sets up at five; first dance at 20:30.',
        notable: { type: 'events', id: dinner.id },
        for_beo: true,
      })
    ).id;
    const other = await addBooking(suite.db, venue.actor, {
      name: 'Another party',
      status: 'tentative',
      start_at: '2026-12-02T17:00:00Z',
      end_at: '2026-12-02T23:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    const elsewhere = await run(createEvent, {
      bookingId: other.id,
      name: 'Other drinks',
      start_at: '2026-12-02T17:00:00Z',
      end_at: '2026-12-02T19:00:00Z',
    });
    await run(createNote, { body: 'Not this booking’s.', notable: { type: 'events', id: elsewhere.id } });
  });
  after(() => server.close());

  it("lists the booking's events' notes in its Notes, each naming its event", async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await session.request(`/orgs/${venue.orgId}/bookings/${venue.bookingId}`);
    assert.equal(page.status, 200);
    const notes = page.body.slice(page.body.indexOf('id="notes-title"'));
    const items = notes.split('<li class="note">').slice(1);
    const about = items.find((item) => item.includes('Band sets up at five'));
    assert.ok(about, 'the event’s note is listed');
    assert.match(about, /Event: Harbour dinner/);
    assert.match(about, /For the BEO/);
    assert.ok(about.includes(`/notes/${eventNote}/edit`), 'with its edit link');
    // The booking's own note is there too, naming no event; another booking's event's is not.
    const own = items.find((item) => item.includes('Doors at five.'));
    assert.ok(own);
    assert.doesNotMatch(own, /Event:/);
    assert.ok(!notes.includes('Not this booking'));
  });
});
