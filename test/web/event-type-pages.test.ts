/**
 * Settings → Event types (SPEC §15) over HTTP, for admins: the organization's event types with how
 * many events are of each, added, renamed and deleted through the same commands as /v2/event_types
 * (a value unique whatever its case, refused beside its field; a type that events are of not
 * deleted, the rule's sentence beside its row).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let settings: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Event Type Venue');
    o = `/orgs/${venue.orgId}`;
    settings = `${o}/settings/event-types`;
  });
  after(() => server.close());

  const admin = async () => (await workspaceSession(server, venue.admin.email, venue.orgId)).session;

  const typeNamed = (value: string) =>
    suite.db
      .selectFrom('event_types')
      .selectAll()
      .where('organization_id', '=', venue.orgId)
      .where('value', '=', value)
      .executeTakeFirst();

  /** Posts the form whose action is `action` on the page at `path`, with `given`. */
  async function post(path: string, action: string, given: Record<string, string>) {
    const session = await admin();
    const page = await session.request(path);
    assert.equal(page.status, 200, page.body);
    return session.request(action, { form: { ...formFields(page.body, action), ...given } });
  }

  /** The row of the type `id` on the settings page. */
  const rowOf = (page: string, id: string) => {
    const start = page.indexOf(`id="type-${id}"`);
    assert.notEqual(start, -1, `a row for ${id}`);
    return page.slice(start, page.indexOf('</li>', start));
  };

  it('lists the event types with how many events are of each, to admins only', async () => {
    await addBooking(suite.db, venue.actor, {
      name: 'Byron wedding',
      start_at: '2027-05-08T14:00:00Z',
      end_at: '2027-05-08T22:00:00Z',
      event_type: 'Wedding',
      accountId: venue.accountId,
    });
    const session = await admin();
    const page = await session.request(settings);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /<a href="[^"]*\/settings\/event-types" aria-current="page">Event types<\/a>/);
    const wedding = (await typeNamed('Wedding'))!;
    assert.match(text(rowOf(page.body, wedding.id)), /1 event\b/);
    assert.match(rowOf(page.body, wedding.id), /value="Wedding"/);

    const { session: member } = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await member.request(settings)).status, 403);
    const home = await member.request(`${o}/bookings`);
    assert.doesNotMatch(home.body, /settings\/event-types/);
  });

  it('adds a type, and refuses a value the organization has already, whatever its case, beside the field', async () => {
    const added = await post(settings, settings, { value: 'Conference' });
    assert.equal(added.status, 303, added.body);
    assert.equal(added.location, `${server.url}${settings}?notice=type-added`);
    const conference = await typeNamed('Conference');
    assert.ok(conference);
    const shown = await (await admin()).request(added.location!);
    assert.match(text(shown.body), /Event type added\./);
    assert.match(text(rowOf(shown.body, conference.id)), /No events/);

    const again = await post(settings, settings, { value: 'conference' });
    assert.equal(again.status, 422);
    assert.match(
      again.body,
      /id="new-type-value"[^>]*aria-invalid="true" aria-describedby="new-type-value-error"/,
    );
    assert.match(
      again.body,
      /<p class="field-error" id="new-type-value-error">There is an event type &quot;conference&quot; already\.<\/p>/,
    );
    assert.match(again.body, /value="conference"/, 'what was typed is kept');
    assert.match(again.body, /href="#new-type-value"/, 'the summary links the field');
    const blank = await post(settings, settings, { value: '  ' });
    assert.equal(blank.status, 422);
    assert.match(text(blank.body), /An event type needs a value, such as Wedding\./);
    const count = await suite.db
      .selectFrom('event_types')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .execute();
    assert.equal(count.filter((t) => t.id === conference.id).length, 1);
    assert.equal(count.length, 2, 'Wedding and Conference, nothing more');
  });

  it('refuses a form without its CSRF token, writing nothing', async () => {
    const session = await admin();
    const refused = await session.request(settings, { form: { value: 'Gala' } });
    assert.equal(refused.status, 403);
    assert.match(refused.body, /This form has expired/);
    assert.equal(await typeNamed('Gala'), undefined);
  });

  it('renames a type, refusing another type’s value beside its row', async () => {
    const conference = (await typeNamed('Conference'))!;
    const action = `${settings}/${conference.id}`;
    const renamed = await post(settings, action, { value: 'Conference & awards' });
    assert.equal(renamed.status, 303, renamed.body);
    assert.equal((await typeNamed('Conference & awards'))?.id, conference.id);

    const taken = await post(settings, action, { value: 'WEDDING' });
    assert.equal(taken.status, 422);
    const row = rowOf(taken.body, conference.id);
    assert.match(
      row,
      new RegExp(
        `id="type-${conference.id}-value"[^>]*aria-invalid="true" aria-describedby="type-${conference.id}-value-error"`,
      ),
    );
    assert.match(text(row), /There is an event type "WEDDING" already\./);
    assert.equal((await typeNamed('Conference & awards'))?.id, conference.id, 'nothing changed');
  });

  it('refuses deleting a type that events are of, saying why beside its row', async () => {
    const wedding = (await typeNamed('Wedding'))!;
    const session = await admin();
    const confirm = await session.request(`${settings}/${wedding.id}/delete`);
    assert.equal(confirm.status, 200);
    assert.match(text(confirm.body), /Delete the event type Wedding\?/);
    const refused = await session.request(`${settings}/${wedding.id}/delete`, {
      form: formFields(confirm.body, `${settings}/${wedding.id}/delete`),
    });
    assert.equal(refused.status, 409);
    const row = rowOf(refused.body, wedding.id);
    assert.match(text(row), /1 event is of this type; give it another type first\./);
    assert.match(row, new RegExp(`<p class="field-error" id="type-${wedding.id}-refusal">`));
    assert.match(refused.body, new RegExp(`href="#type-${wedding.id}-refusal"`), 'the summary links it');
    assert.ok(await typeNamed('Wedding'), 'still there');
  });

  it('deletes a type no event is of', async () => {
    const conference = (await typeNamed('Conference & awards'))!;
    const action = `${settings}/${conference.id}/delete`;
    const deleted = await post(action, action, {});
    assert.equal(deleted.status, 303, deleted.body);
    assert.equal(deleted.location, `${server.url}${settings}?notice=type-deleted`);
    assert.equal(await typeNamed('Conference & awards'), undefined);
    const gone = await (await admin()).request(deleted.location!);
    assert.match(text(gone.body), /Event type deleted\./);
    // Its own address is its row of the page.
    const wedding = (await typeNamed('Wedding'))!;
    const row = await (await admin()).request(`${settings}/${wedding.id}`);
    assert.equal(row.location, `${server.url}${settings}#type-${wedding.id}`);
  });
});
