/**
 * A venue's own fields on the workspace's forms and record pages (SPEC §19), over plain HTTP: the
 * forms of bookings, events, contacts and accounts show the organization's fields of their kind,
 * an input by type with the current values and `required` marked (an archived field has none);
 * a post's values are judged by the API's rules, every bad one beside its field; a record's page
 * shows the values; an edit changes only what it changes.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const OPTIONS = [
  { value: 'web', label: 'Website' },
  { value: 'friend', label: 'A friend' },
  { value: 'fair', label: 'Wedding fair', archived: true },
];

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;

  const define = (record_type: string, key: string, field_type: string, more: object = {}) =>
    write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
      record_type,
      key,
      label: key.replace(/_/g, ' '),
      field_type,
      ...more,
    });
  const column = async (table: 'bookings' | 'events' | 'contacts' | 'accounts', id: string) =>
    JSON.parse(
      (
        await suite.db
          .selectFrom(table)
          .select('custom_fields')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).custom_fields,
    ) as Record<string, unknown>;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    await define('bookings', 'member_no', 'text', { required: true, help_text: 'On the member card.' });
    await define('bookings', 'menu_notes', 'long_text');
    await define('bookings', 'budget', 'number');
    await define('bookings', 'deposit_held', 'money');
    await define('bookings', 'decided_on', 'date');
    await define('bookings', 'vip', 'boolean');
    await define('bookings', 'how_heard', 'select', { options: OPTIONS });
    await define('bookings', 'diets', 'multi_select', { options: OPTIONS });
    await define('bookings', 'planner_email', 'email');
    await define('bookings', 'site', 'url');
    await define('bookings', 'planner_phone', 'phone');
    await define('bookings', 'old_code', 'text', { archived: true });
    await define('events', 'course_count', 'number');
    await define('events', 'bar_tab', 'money');
    await define('contacts', 'birthday', 'date');
    await define('accounts', 'tier', 'select', { options: OPTIONS });
  });
  after(() => server.close());

  const booking = (fields: Record<string, string | string[]>) => ({
    name: 'Harbour gala',
    status: 'lead',
    account: venue.accountId,
    start_at: '2026-11-28T20:00',
    end_at: '2026-11-29T01:00',
    timezone: 'Europe/London',
    currency: 'GBP',
    ...fields,
  });

  it('draws an input per type on the new booking form, required marked, archived fields left out', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = (await session.request(`${o}/bookings/new`)).body;
    const tag = (key: string) =>
      new RegExp(`<(input|textarea|select)[^>]*name="custom_fields/${key}"[^>]*>`).exec(page)?.[0] ?? '';
    assert.match(tag('member_no'), /type="text"/);
    assert.match(tag('member_no'), /required/);
    assert.match(page, /<label for="field-custom_fields\/member_no">member no<\/label>/);
    assert.match(page, /<label for="field-custom_fields\/budget">budget <span class="optional">/);
    assert.match(page, /On the member card\./);
    assert.match(tag('menu_notes'), /^<textarea/);
    assert.match(tag('budget'), /inputmode="decimal"/);
    assert.match(tag('deposit_held'), /inputmode="decimal"/);
    assert.match(tag('decided_on'), /type="date"/);
    assert.match(tag('vip'), /type="checkbox"[^>]*value="true"/);
    assert.match(tag('how_heard'), /^<select/);
    assert.match(tag('diets'), /type="checkbox"/);
    assert.match(tag('planner_email'), /type="email"/);
    assert.match(tag('site'), /type="url"/);
    assert.match(tag('planner_phone'), /type="tel"/);
    assert.match(page, /<option value="friend" >A friend<\/option>|<option value="friend"\s*>A friend/);
    assert.doesNotMatch(page, /Wedding fair/, 'an archived option is offered to no new record');
    assert.doesNotMatch(page, /old_code/, 'an archived field takes no new values');
  });

  it('shows every bad value beside its field, keeps what was typed, and writes nothing', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const before = (await suite.db.selectFrom('bookings').select('id').execute()).length;
    const bad = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          'custom_fields/member_no': '',
          'custom_fields/budget': 'lots',
          'custom_fields/deposit_held': '12.3456',
          'custom_fields/decided_on': '2027-02-30',
          'custom_fields/how_heard': 'fair',
          'custom_fields/diets': ['web', 'nope'],
          'custom_fields/planner_email': 'not-an-address',
          'custom_fields/site': 'ftp://example.com',
          'custom_fields/planner_phone': 'call me',
        }),
      },
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'custom_fields/member_no'), 'member no is required.');
    assert.match(fieldError(bad.body, 'custom_fields/budget'), /A number of at most 15 digits/);
    assert.match(fieldError(bad.body, 'custom_fields/deposit_held'), /GBP amounts have at most 2 decimals/);
    assert.equal(fieldError(bad.body, 'custom_fields/decided_on'), 'A date, YYYY-MM-DD.');
    assert.equal(fieldError(bad.body, 'custom_fields/how_heard'), 'One of web, friend.');
    assert.match(fieldError(bad.body, 'custom_fields/diets'), /Each of its values: One of web, friend\./);
    assert.equal(fieldError(bad.body, 'custom_fields/planner_email'), 'An e-mail address.');
    assert.equal(fieldError(bad.body, 'custom_fields/site'), 'An http or https address.');
    assert.match(fieldError(bad.body, 'custom_fields/planner_phone'), /A phone number/);
    assert.match(bad.body, /name="custom_fields\/budget"[^>]*value="lots"/, 'what was typed stays');
    assert.match(bad.body, /value="web" checked/, 'a ticked option stays ticked');
    assert.match(bad.body, /<li><a href="#field-custom_fields\/budget">budget<\/a>/, 'the summary names it');
    assert.equal((await suite.db.selectFrom('bookings').select('id').execute()).length, before);
  });

  it('writes good values, shows them on the booking page and in its edit form, and edits only what changed', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const made = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          'custom_fields/member_no': 'M-0042',
          'custom_fields/menu_notes': 'No nuts.\r\nVegan starter.',
          'custom_fields/budget': '1250,5',
          'custom_fields/deposit_held': '300.00',
          'custom_fields/decided_on': '2026-10-01',
          'custom_fields/vip': 'true',
          'custom_fields/how_heard': 'friend',
          'custom_fields/diets': ['web', 'friend'],
          'custom_fields/planner_email': 'pat@example.com',
          'custom_fields/site': 'https://example.com/gala',
          'custom_fields/planner_phone': '+44 20 7946 0000',
        }),
      },
    });
    assert.equal(made.status, 303, made.body.slice(0, 500));
    const id = /bookings\/([^/?]+)\?notice=created/.exec(made.location ?? '')?.[1] ?? '';
    assert.deepEqual(await column('bookings', id), {
      member_no: 'M-0042',
      menu_notes: 'No nuts.\r\nVegan starter.',
      budget: 1250.5,
      deposit_held: 30000,
      decided_on: '2026-10-01',
      vip: true,
      how_heard: 'friend',
      diets: ['web', 'friend'],
      planner_email: 'pat@example.com',
      site: 'https://example.com/gala',
      planner_phone: '+44 20 7946 0000',
    });
    const shown = text((await session.request(`${o}/bookings/${id}`)).body);
    assert.match(shown, /member no M-0042/);
    assert.match(shown, /budget 1250\.5/);
    assert.match(shown, /deposit held £300\.00/);
    assert.match(shown, /vip Yes/);
    assert.match(shown, /how heard A friend/);
    assert.match(shown, /diets Website, A friend/);

    // A field made required after the booking was made does not stop an edit that leaves it alone.
    await define('bookings', 'late_required', 'text', { required: true });
    const edit = (await session.request(`${o}/bookings/${id}/edit`)).body;
    assert.match(edit, /name="custom_fields\/member_no"[^>]*value="M-0042"/);
    assert.match(edit, /name="custom_fields\/deposit_held"[^>]*value="300\.00"/);
    assert.match(edit, /<option value="friend" selected>/);
    assert.match(edit, /name="custom_fields\/vip" value="true" checked/);
    const version = versionIn(edit);

    const saved = await session.request(`${o}/bookings/${id}`, {
      form: {
        _csrf: csrf,
        version,
        ...booking({
          'custom_fields/member_no': 'M-0042',
          'custom_fields/menu_notes': 'No nuts.\r\nVegan starter.',
          'custom_fields/budget': '1250.5',
          'custom_fields/deposit_held': '',
          'custom_fields/decided_on': '2026-10-01',
          'custom_fields/how_heard': 'friend',
          'custom_fields/diets': 'web',
          'custom_fields/planner_email': 'pat@example.com',
          'custom_fields/site': 'https://example.com/gala',
          'custom_fields/planner_phone': '+44 20 7946 0000',
        }),
      },
    });
    assert.equal(saved.status, 303, saved.body.slice(0, 500));
    const after = await column('bookings', id);
    assert.equal(after.deposit_held, undefined, 'an emptied field is cleared');
    assert.equal(after.vip, false, 'an unticked box is false');
    assert.deepEqual(after.diets, ['web']);
    assert.equal(after.budget, 1250.5);
    assert.equal('late_required' in after, false);
  });

  it('does the same on the forms and pages of events, contacts and accounts', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const eventPath = `${o}/bookings/${venue.bookingId}/events`;
    const newEvent = (course_count: string) => ({
      _csrf: csrf,
      name: 'Dinner',
      start_at: '2026-11-25T18:00',
      end_at: '2026-11-25T22:00',
      setup_minutes: '0',
      teardown_minutes: '0',
      'custom_fields/course_count': course_count,
    });
    assert.match((await session.request(`${eventPath}/new`)).body, /name="custom_fields\/course_count"/);
    const badEvent = await session.request(eventPath, { form: newEvent('five') });
    assert.equal(badEvent.status, 422);
    assert.match(fieldError(badEvent.body, 'custom_fields/course_count'), /A number/);
    const event = await session.request(eventPath, { form: newEvent('5') });
    assert.equal(event.status, 303, event.body.slice(0, 500));
    const eventRow = await suite.db
      .selectFrom('events')
      .select(['id', 'custom_fields'])
      .where('name', '=', 'Dinner')
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(eventRow.custom_fields), { course_count: 5 });
    assert.match(text((await session.request(`${o}/bookings/${venue.bookingId}`)).body), /course count 5/);
    assert.match(
      (await session.request(`${o}/events/${eventRow.id}/edit`)).body,
      /name="custom_fields\/course_count"[^>]*value="5"/,
    );

    const badContact = await session.request(`${o}/contacts`, {
      form: { _csrf: csrf, first_name: 'Grace', 'custom_fields/birthday': '1906-13-09' },
    });
    assert.equal(badContact.status, 422);
    assert.equal(fieldError(badContact.body, 'custom_fields/birthday'), 'A date, YYYY-MM-DD.');
    const contact = await session.request(`${o}/contacts`, {
      form: { _csrf: csrf, first_name: 'Grace', 'custom_fields/birthday': '1906-12-09' },
    });
    assert.equal(contact.status, 303);
    const contactPage = (await session.request(contact.location ?? '')).body;
    assert.match(text(contactPage), /birthday 1906-12-09/);

    const badAccount = await session.request(`${o}/accounts`, {
      form: { _csrf: csrf, name: 'Kestrel', owner: venue.admin.id, 'custom_fields/tier': 'gold' },
    });
    assert.equal(badAccount.status, 422);
    assert.equal(fieldError(badAccount.body, 'custom_fields/tier'), 'One of web, friend.');
    const account = await session.request(`${o}/accounts`, {
      form: { _csrf: csrf, name: 'Kestrel', owner: venue.admin.id, 'custom_fields/tier': 'web' },
    });
    assert.equal(account.status, 303);
    const accountId = /accounts\/([^/?]+)\?/.exec(account.location ?? '')?.[1] ?? '';
    assert.match(text((await session.request(`${o}/accounts/${accountId}`)).body), /tier Website/);
    const accountEdit = (await session.request(`${o}/accounts/${accountId}/edit`)).body;
    assert.match(accountEdit, /<option value="web" selected>/);
    const version = versionIn(accountEdit);
    const cleared = await session.request(`${o}/accounts/${accountId}`, {
      form: { _csrf: csrf, version, name: 'Kestrel', owner: venue.admin.id, 'custom_fields/tier': '' },
    });
    assert.equal(cleared.status, 303);
    assert.deepEqual(await column('accounts', accountId), {});
  });
  it("reads and shows a booking's and its events' money fields in the booking's currency, not the venue's", async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const required = { 'custom_fields/member_no': 'T-1', 'custom_fields/late_required': 'yes' };
    const yen = (fields: Record<string, string>) =>
      booking({ name: 'Tokyo gala', currency: 'JPY', ...required, ...fields });
    const refused = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...yen({ 'custom_fields/deposit_held': '1250.50' }) },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'custom_fields/deposit_held'), /JPY/);
    assert.match(refused.body, /In JPY\./, 'the refused form still asks for yen');
    const made = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...yen({ 'custom_fields/deposit_held': '1250' }) },
    });
    assert.equal(made.status, 303, text(made.body).slice(0, 800));
    const id = /bookings\/([^/?]+)/.exec(made.location ?? '')?.[1] ?? '';
    assert.equal((await column('bookings', id)).deposit_held, 1250, 'yen have no minor unit');
    const edit = (await session.request(`${o}/bookings/${id}/edit`)).body;
    assert.match(edit, /name="custom_fields\/deposit_held"[^>]*value="1250"/);
    assert.match(edit, /In JPY\./);
    const resaved = await session.request(`${o}/bookings/${id}`, {
      form: { _csrf: csrf, ...yen({ version: versionIn(edit), 'custom_fields/deposit_held': '1300' }) },
    });
    assert.equal(resaved.status, 303, text(resaved.body).slice(0, 800));
    assert.equal((await column('bookings', id)).deposit_held, 1300);

    const eventPath = `${o}/bookings/${id}/events`;
    assert.match((await session.request(`${eventPath}/new`)).body, /In JPY\./);
    const event = await session.request(eventPath, {
      form: {
        _csrf: csrf,
        name: 'Sake bar',
        start_at: '2026-11-28T20:00',
        end_at: '2026-11-28T23:00',
        setup_minutes: '0',
        teardown_minutes: '0',
        'custom_fields/bar_tab': '80000',
      },
    });
    assert.equal(event.status, 303, text(event.body).slice(0, 800));
    const eventRow = await suite.db
      .selectFrom('events')
      .select(['id', 'custom_fields'])
      .where('name', '=', 'Sake bar')
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(eventRow.custom_fields), { bar_tab: 80000 });
    assert.match(
      (await session.request(`${o}/events/${eventRow.id}/edit`)).body,
      /name="custom_fields\/bar_tab"[^>]*value="80000"/,
    );
  });
});
