/**
 * Two safeguards of the workspace's forms, over plain HTTP. A save over a newer change (the edit
 * form of a booking or an account was open while the record changed through the API or another
 * session) writes nothing and answers 412 with the form again, headed "This changed while you
 * were looking at it", keeping what was typed, naming what is saved now, and carrying the new
 * version, so submitting the form shown applies what was typed. Deleting a booking asks first:
 * the confirmation is a GET that changes nothing, only its own form deletes (at the version it
 * was drawn at), and the user lands on the bookings list saying "Booking deleted."
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor, changeDocument } from '../helpers/writes.js';

type FormValues = Record<string, string | string[]>;

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What a browser would submit from the form posting to `action`, untouched: its inputs (checked
 * boxes only), the chosen option of each select (the first when none is chosen) and its textareas.
 */
function formValues(page: string, action: string): FormValues {
  const start = page.indexOf(`action="${action}"`);
  assert.notEqual(start, -1, `a form posting to ${action}`);
  const form = page.slice(start, page.indexOf('</form>', start));
  const values: FormValues = {};
  const add = (name: string, value: string) => {
    const had = values[name];
    values[name] = had === undefined ? value : [had, value].flat();
  };
  for (const tag of form.match(/<input\b[^>]*>/g) ?? []) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const type = /\btype="([^"]*)"/.exec(tag)?.[1] ?? 'text';
    if (!name || type === 'submit' || type === 'button') continue;
    if ((type === 'checkbox' || type === 'radio') && !/\bchecked\b/.test(tag)) continue;
    add(name, decode(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ''));
  }
  for (const [, attributes, body] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (!name) continue;
    const chosen =
      /<option value="([^"]*)"\s+selected>/.exec(body!)?.[1] ??
      /<option value="([^"]*)"/.exec(body!)?.[1] ??
      '';
    add(name, decode(chosen));
  }
  for (const [, attributes, body] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\bname="([^"]*)"/.exec(attributes!)?.[1];
    if (name) add(name, decode(body!));
  }
  return values;
}

const STALE = 'This changed while you were looking at it';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(() => server.close());

  const bookingRow = (id: string) =>
    suite.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers a booking saved over a newer API change with 412, keeping what was typed, and saves it again', async () => {
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Autumn gala',
      start_at: '2027-10-02T18:00:00Z',
      end_at: '2027-10-02T23:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
      guest_count: 40,
    });
    const action = `${o}/bookings/${booking.id}`;
    const edit = await admin.session.request(`${action}/edit`);
    assert.equal(edit.status, 200);
    const typed: FormValues = {
      ...formValues(edit.body, action),
      name: 'Autumn gala & awards',
      guest_count: '85',
      event_type: 'Awards "night"',
    };

    // Meanwhile, an integration renames it and changes its guests.
    const changed = await api(`/v2/bookings/${booking.id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking.id, { name: 'Autumn gala (moved)', guest_count: 55 }),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));

    const stale = await admin.session.request(action, { form: typed });
    assert.equal(stale.status, 412);
    assert.match(stale.body, new RegExp(`<h2 id="stale-title">${STALE}</h2>`));
    assert.match(stale.body, /nothing of yours was saved/);
    assert.match(stale.body, /aria-label="Sections"/, 'inside the workspace');
    // What is saved now, where it differs from what was typed.
    assert.match(stale.body, /<li>Event name: Autumn gala \(moved\)<\/li>/);
    assert.match(stale.body, /<li>Guests: 55<\/li>/);
    let row = await bookingRow(booking.id);
    assert.equal(row?.name, 'Autumn gala (moved)', 'nothing of the form was written');
    assert.equal(row?.guest_count, 55);

    // The form shown keeps every field as typed, on the version saved now.
    const shown = formValues(stale.body, action);
    for (const [field, value] of Object.entries(typed)) {
      if (field === 'version' || field === '_csrf') continue;
      assert.deepEqual(shown[field], value, field);
    }
    assert.notEqual(shown.version, typed.version, 'the form carries the new version');

    const applied = await admin.session.request(action, { form: shown });
    assert.equal(applied.status, 303, applied.body.slice(0, 400));
    assert.equal(applied.location, `${server.url}${action}?notice=saved`);
    row = await bookingRow(booking.id);
    assert.equal(row?.name, 'Autumn gala & awards');
    assert.equal(row?.guest_count, 85);
    assert.equal(row?.event_type, 'Awards "night"');
    // Saving the first form once more is stale again: its version is two changes old.
    assert.equal((await admin.session.request(action, { form: typed })).status, 412);
  });

  it('answers an account saved over another session’s change with 412, keeping what was typed, and saves it again', async () => {
    const action = `${o}/accounts/${venue.accountId}`;
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const mine = await admin.session.request(`${action}/edit`);
    const theirs = await member.session.request(`${action}/edit`);
    assert.equal(mine.status, 200);

    const theirChange = await member.session.request(action, {
      form: { ...formValues(theirs.body, action), phone: '+44 20 7946 0000', city: 'Leeds' },
    });
    assert.equal(theirChange.status, 303);

    const typed: FormValues = {
      ...formValues(mine.body, action),
      name: 'Lumen Studios Ltd',
      city: 'Bristol',
    };
    const stale = await admin.session.request(action, { form: typed });
    assert.equal(stale.status, 412);
    assert.match(stale.body, new RegExp(STALE));
    assert.match(stale.body, /<li>Name: Lumen Studios<\/li>/);
    assert.match(stale.body, /<li>Phone: \+44 20 7946 0000<\/li>/);
    assert.match(stale.body, /<li>City: Leeds<\/li>/);
    const shown = formValues(stale.body, action);
    assert.equal(shown.name, 'Lumen Studios Ltd');
    assert.equal(shown.city, 'Bristol');
    assert.equal(shown.phone, '', 'what was typed (an empty phone), not what is saved');
    let row = await suite.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', venue.accountId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.name, row.city, row.phone], ['Lumen Studios', 'Leeds', '+44 20 7946 0000']);

    const applied = await admin.session.request(action, { form: shown });
    assert.equal(applied.status, 303, applied.body.slice(0, 400));
    assert.equal(applied.location, `${server.url}${action}?notice=saved`);
    row = await suite.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', venue.accountId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.name, row.city, row.phone], ['Lumen Studios Ltd', 'Bristol', null]);
  });

  it('asks before deleting a booking, then deletes it and says so on the bookings list', async () => {
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Winter market',
      start_at: '2027-12-04T10:00:00Z',
      end_at: '2027-12-04T16:00:00Z',
      accountId: venue.accountId,
    });
    const page = `${o}/bookings/${booking.id}`;
    const noted = await admin.session.request(`${page}/notes`, {
      form: { _csrf: admin.csrf, body: 'Stalls from nine.' },
    });
    assert.equal(noted.status, 303);

    // The edit page's Delete is a link to the confirmation, not a form.
    const edit = await admin.session.request(`${page}/edit`);
    assert.match(edit.body, new RegExp(`<a class="button danger" href="${page}/delete">Delete BK-\\d+…</a>`));

    const confirm = await admin.session.request(`${page}/delete`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /<h1>Delete BK-\d+ Winter market\?<\/h1>/);
    assert.match(confirm.body, /Its notes are deleted with it\. This cannot be undone\./);
    assert.match(confirm.body, new RegExp(`<a class="button secondary" href="${page}">Cancel</a>`));
    const fields = formValues(confirm.body, `${page}/delete`);
    assert.deepEqual(Object.keys(fields).sort(), ['_csrf', 'version']);
    assert.ok(await bookingRow(booking.id), 'asking deleted nothing');
    assert.equal((await admin.session.request(page)).status, 200);

    // Without the form's CSRF token nothing is deleted.
    assert.equal(
      (await admin.session.request(`${page}/delete`, { form: { ...fields, _csrf: 'forged' } })).status,
      403,
    );
    assert.ok(await bookingRow(booking.id));

    const deleted = await admin.session.request(`${page}/delete`, { form: fields });
    assert.equal(deleted.status, 303);
    assert.equal(deleted.location, `${server.url}${o}/bookings?notice=deleted`);
    const list = await admin.session.request(deleted.location);
    assert.equal(list.status, 200);
    assert.match(list.body, /Booking deleted\./);
    assert.equal(await bookingRow(booking.id), undefined);
    assert.equal((await admin.session.request(page)).status, 404);
    const notes = await suite.db
      .selectFrom('notes')
      .select('id')
      .where('notable_id', '=', booking.id)
      .execute();
    assert.equal(notes.length, 0, 'its notes went with it');
    const told = await suite.db
      .selectFrom('changes')
      .select('type')
      .where('organization_id', '=', venue.orgId)
      .where('type', '=', 'booking.deleted')
      .execute();
    assert.equal(told.length, 1, 'one booking.deleted event');
  });

  it('refuses a deletion confirmed after the booking changed, keeping it', async () => {
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Spring fair',
      start_at: '2027-04-10T10:00:00Z',
      end_at: '2027-04-10T16:00:00Z',
      accountId: venue.accountId,
    });
    const page = `${o}/bookings/${booking.id}`;
    const confirm = await admin.session.request(`${page}/delete`);
    const fields = formValues(confirm.body, `${page}/delete`);
    const changed = await api(`/v2/bookings/${booking.id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking.id, { name: 'Spring fair (confirmed)' }),
    });
    assert.equal(changed.status, 200);
    const refused = await admin.session.request(`${page}/delete`, { form: fields });
    assert.equal(refused.status, 412);
    assert.match(refused.body, new RegExp(STALE));
    assert.equal((await bookingRow(booking.id))?.name, 'Spring fair (confirmed)', 'still there');
    // Asked again, the confirmation carries the new version and deletes.
    const again = await admin.session.request(`${page}/delete`);
    assert.match(again.body, /Delete BK-\d+ Spring fair \(confirmed\)\?/);
    const deleted = await admin.session.request(`${page}/delete`, {
      form: formValues(again.body, `${page}/delete`),
    });
    assert.equal(deleted.status, 303);
    assert.equal(await bookingRow(booking.id), undefined);
  });
});
