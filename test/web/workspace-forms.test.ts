/**
 * Validation of every workspace form over plain HTTP: each refused field gets its message under
 * it, tied with aria-describedby and listed in the summary; a double booking is refused naming
 * and linking the other booking (on the form and on a status move); a stale version is a 412
 * page; what the services refuse (accounts with bookings, spaces in use, others' notes) is a page
 * with a sentence that keeps the navigation.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  const booking = (fields: Record<string, string | string[]>) => ({
    name: 'Harbour gala',
    status: 'lead',
    account: venue.accountId,
    start_at: '2026-11-25T20:00',
    end_at: '2026-11-26T01:00',
    timezone: 'Europe/London',
    currency: 'GBP',
    ...fields,
  });

  it('shows every problem of a new booking beside its field', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const blank = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, name: '', status: 'lead', timezone: 'UTC', currency: 'USD' },
    });
    assert.equal(blank.status, 422);
    assert.equal(fieldError(blank.body, 'name'), 'A booking needs a name.');
    assert.equal(fieldError(blank.body, 'account'), 'A booking needs an account.');
    assert.match(fieldError(blank.body, 'start_at'), /date and time it starts/);
    assert.match(fieldError(blank.body, 'end_at'), /date and time it ends/);

    const bad = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          end_at: '2026-11-25T19:00',
          timezone: 'Mars/Olympus',
          currency: 'XYZ',
          guest_count: '500',
          spaces: venue.spaceId,
        }),
      },
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'end_at'), 'A booking must end after it starts.');
    assert.match(fieldError(bad.body, 'timezone'), /not an IANA time zone/);
    assert.match(fieldError(bad.body, 'currency'), /not an ISO 4217 currency/);
    assert.match(
      fieldError(bad.body, 'guest_count'),
      /500 guests do not fit: the smallest of its spaces takes 120/,
    );
    const unreadable = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ guest_count: 'many', total_amount: '12.3456' }) },
    });
    assert.equal(unreadable.status, 422);
    assert.match(fieldError(unreadable.body, 'guest_count'), /whole number/);
    assert.match(
      fieldError(unreadable.body, 'total_amount'),
      /GBP amounts have at most 2 decimals; "12.3456" has 4/,
    );
    assert.match(unreadable.body, /value="Harbour gala"/, 'what was typed stays in the form');
    assert.equal(
      (await suite.db.selectFrom('bookings').select('id').execute()).length,
      1,
      'nothing was created',
    );
  });

  it('refuses a double booking naming and linking the booking that holds the space', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const refused = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ status: 'definite', spaces: venue.spaceId }) },
    });
    assert.equal(refused.status, 409);
    assert.match(
      refused.body.replace(/\s+/g, ' '),
      new RegExp(
        `Boathouse is already held by the definite booking <a href="${o}/bookings/${venue.bookingId}">BK-00001 Lumen summer party</a> \\(Wed 25 Nov 2026, 17:00–23:00\\)`,
      ),
    );
    // Named once, in the sentence above; the field says what to do.
    assert.equal(
      fieldError(refused.body, 'spaces'),
      'Boathouse is taken at those times: choose another space or time.',
    );
    assert.equal(refused.body.split('BK-00001').length - 1, 1, 'the other booking is named once');

    // As a tentative option it is accepted; confirming it is refused the same way, on its page.
    const created = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ status: 'tentative', spaces: venue.spaceId }) },
    });
    assert.equal(created.status, 303);
    const page = await session.request(created.location ?? '');
    const moved = await session.request(`${new URL(created.location ?? '').pathname}/status`, {
      form: { _csrf: csrf, to: 'definite', version: versionIn(page.body) },
    });
    assert.equal(moved.status, 409);
    assert.match(moved.body, /The status was not changed/);
    assert.match(
      moved.body,
      /Boathouse is already held by the definite booking\s+<a href="[^"]+">BK-00001 Lumen summer party<\/a>/,
    );
  });

  it('offers only the allowed moves and refuses the others, asking a reason for lost', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const lead = await addBooking(suite.db, venue.actor, {
      name: 'Autumn lunch',
      start_at: '2026-12-01T12:00:00Z',
      end_at: '2026-12-01T15:00:00Z',
      accountId: venue.accountId,
    });
    const path = `${o}/bookings/${lead.id}`;
    const page = await session.request(path);
    const moves = [...page.body.matchAll(/name="to" value="([a-z]+)"/g)].map((m) => m[1]);
    assert.deepEqual(moves.sort(), ['definite', 'lost', 'tentative']);
    const version = versionIn(page.body);
    const closed = await session.request(`${path}/status`, { form: { _csrf: csrf, to: 'closed', version } });
    assert.equal(closed.status, 422);
    assert.match(closed.body, /A lead booking can move to tentative, definite, lost; not to closed/);
    const lost = await session.request(`${path}/status`, {
      form: { _csrf: csrf, to: 'lost', lost_reason: ' ', version },
    });
    assert.equal(lost.status, 422);
    // The page says it in words, not by the API's field name.
    assert.equal(fieldError(lost.body, 'lost_reason'), 'Say why the booking was lost.');
    const ok = await session.request(`${path}/status`, {
      form: { _csrf: csrf, to: 'lost', lost_reason: 'Chose another venue', version },
    });
    assert.equal(ok.status, 303);
    const after = await session.request(path);
    assert.match(after.body, /Chose another venue/);
    assert.deepEqual(
      [...after.body.matchAll(/name="to" value="([a-z]+)"/g)].map((m) => m[1]),
      ['lead'],
    );
  });

  it('refuses a stale save instead of overwriting, on a page that keeps the navigation', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = await session.request(`${o}/accounts/${venue.accountId}/edit`);
    const version = versionIn(edit.body);
    assert.equal(
      (
        await session.request(`${o}/accounts/${venue.accountId}`, {
          form: { _csrf: csrf, version, name: 'Lumen Studios Ltd' },
        })
      ).status,
      303,
    );
    const stale = await session.request(`${o}/accounts/${venue.accountId}`, {
      form: { _csrf: csrf, version, name: 'Lumen' },
    });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /aria-label="Sections"/);
    const row = await suite.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', venue.accountId)
      .executeTakeFirstOrThrow();
    assert.equal(row.name, 'Lumen Studios Ltd');
  });

  it('validates accounts and contacts, and refuses deleting an account with bookings', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const account = await session.request(`${o}/accounts`, {
      form: { _csrf: csrf, name: ' ', email: 'not-mail', country: 'XX' },
    });
    assert.equal(account.status, 422);
    assert.equal(fieldError(account.body, 'name'), 'An account needs a name.');
    assert.match(fieldError(account.body, 'email'), /is not an e-mail address/);
    assert.match(fieldError(account.body, 'country'), /ISO 3166-1 country code/);
    const edit = await session.request(`${o}/accounts/${venue.accountId}/edit`);
    const renamed = await session.request(`${o}/accounts/${venue.accountId}`, {
      form: { _csrf: csrf, version: versionIn(edit.body), name: '' },
    });
    assert.equal(renamed.status, 422);
    assert.equal(fieldError(renamed.body, 'name'), 'An account needs a name.');
    const remove = await session.request(`${o}/accounts/${venue.accountId}/delete`, {
      form: { _csrf: csrf, version: versionIn(edit.body) },
    });
    assert.equal(remove.status, 409);
    assert.match(
      remove.body,
      /This account has \d+ bookings?; delete them or give them another account first/,
    );

    const contact = await session.request(`${o}/contacts`, {
      form: { _csrf: csrf, first_name: '', last_name: '', email: 'nope' },
    });
    assert.equal(contact.status, 422);
    assert.equal(fieldError(contact.body, 'first_name'), 'A contact needs a first or a last name.');
    assert.match(fieldError(contact.body, 'email'), /is not an e-mail address/);
    const contactEdit = await session.request(`${o}/contacts/${venue.contactId}/edit`);
    const cleared = await session.request(`${o}/contacts/${venue.contactId}`, {
      form: {
        _csrf: csrf,
        version: versionIn(contactEdit.body),
        first_name: '',
        last_name: '',
        email: 'x@y',
      },
    });
    assert.equal(cleared.status, 422);
    assert.match(fieldError(cleared.body, 'email'), /is not an e-mail address/);
  });

  it('validates spaces and refuses deleting one that bookings hold', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const blank = await session.request(`${o}/settings/spaces`, {
      form: { _csrf: csrf, name: '', capacity: '0' },
    });
    assert.equal(blank.status, 422);
    assert.equal(fieldError(blank.body, 'name'), 'A space needs a name.');
    assert.match(fieldError(blank.body, 'capacity'), /at least 1/);
    const taken = await session.request(`${o}/settings/spaces`, {
      form: { _csrf: csrf, name: 'Boathouse', capacity: 'lots' },
    });
    assert.equal(taken.status, 422);
    assert.match(fieldError(taken.body, 'capacity'), /whole number/);
    const duplicate = await session.request(`${o}/settings/spaces`, {
      form: { _csrf: csrf, name: 'Boathouse' },
    });
    assert.match(fieldError(duplicate.body, 'name'), /Another space is called "Boathouse" already/);
    const edit = await session.request(`${o}/settings/spaces/${venue.spaceId}`);
    const shrunk = await session.request(`${o}/settings/spaces/${venue.spaceId}`, {
      form: { _csrf: csrf, version: versionIn(edit.body), name: 'Boathouse', capacity: '' },
    });
    assert.equal(shrunk.status, 303);
    const held = await session.request(`${o}/settings/spaces/${venue.spaceId}/delete`, {
      form: {
        _csrf: csrf,
        version: versionIn((await session.request(`${o}/settings/spaces/${venue.spaceId}`)).body),
      },
    });
    assert.equal(held.status, 409);
    assert.match(held.body, /bookings? holds? this space; move/);
  });

  it('validates notes and lets only their author or an admin change them', async () => {
    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const blank = await member.session.request(`${o}/bookings/${venue.bookingId}/notes`, {
      form: { _csrf: member.csrf, body: '  ' },
    });
    assert.equal(blank.status, 422);
    assert.equal(fieldError(blank.body, 'body'), 'A note needs some text.');
    for (const notable of [
      `bookings/${venue.bookingId}`,
      `accounts/${venue.accountId}`,
      `contacts/${venue.contactId}`,
    ]) {
      const added = await member.session.request(`${o}/${notable}/notes`, {
        form: { _csrf: member.csrf, body: `Said yes (${notable})` },
      });
      assert.equal(added.status, 303, notable);
      assert.match((await member.session.request(`${o}/${notable}`)).body, /Said yes/);
    }
    // The admin's note: the member sees no edit link and is refused.
    const page = await member.session.request(`${o}/bookings/${venue.bookingId}`);
    assert.doesNotMatch(page.body, new RegExp(`notes/${venue.noteId}/edit`));
    const refused = await member.session.request(`${o}/notes/${venue.noteId}/edit`);
    assert.equal(refused.status, 403);
    assert.match(refused.body, /Only the author of a note or an administrator/);
    assert.equal(
      (
        await member.session.request(`${o}/notes/${venue.noteId}/delete`, {
          form: { _csrf: member.csrf, version: '"v"' },
        })
      ).status,
      403,
    );
    // The admin edits it (a blank body is refused beside the field) and deletes it.
    const edit = await admin.session.request(`${o}/notes/${venue.noteId}/edit`);
    const version = versionIn(edit.body);
    const empty = await admin.session.request(`${o}/notes/${venue.noteId}`, {
      form: { _csrf: admin.csrf, version, body: '' },
    });
    assert.equal(empty.status, 422);
    assert.equal(fieldError(empty.body, 'body'), 'A note needs some text.');
    const saved = await admin.session.request(`${o}/notes/${venue.noteId}`, {
      form: { _csrf: admin.csrf, version, body: 'Doors at six.' },
    });
    assert.equal(saved.status, 303);
    assert.equal(
      saved.location,
      `${server.url}${o}/bookings/${venue.bookingId}?notice=note-saved#notes-title`,
    );
    const next = versionIn((await admin.session.request(`${o}/notes/${venue.noteId}/edit`)).body);
    assert.equal(
      (
        await admin.session.request(`${o}/notes/${venue.noteId}/delete`, {
          form: { _csrf: admin.csrf, version: next },
        })
      ).status,
      303,
    );
    assert.equal((await admin.session.request(`${o}/notes/${venue.noteId}/edit`)).status, 404);
  });
});
