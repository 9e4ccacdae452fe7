/**
 * Settings → Custom fields (SPEC §19), over plain HTTP on both databases: an admin adds a field of
 * each record type (every bad field at once, beside it, in the API's words), changes one (a used
 * option archived, not removed), is told what a new type does to the values records hold before
 * it is done, orders the fields by their position numbers, archives one and deletes one no record
 * holds a value of. A member sees the list, nothing to change, and a member's post is refused in
 * the policy's words with nothing written.
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

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const unescaped = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

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
  const definition = (id: string) =>
    suite.db.selectFrom('custom_fields').selectAll().where('id', '=', id).executeTakeFirst();
  const holding = async (values: Record<string, unknown>) => {
    const id = venue.bookingId;
    await suite.db
      .updateTable('bookings')
      .set({ custom_fields: JSON.stringify(values) })
      .where('id', '=', id)
      .execute();
  };
  /** The labels of a list page's fields, in the order it shows them. */
  const listed = (body: string) =>
    [...body.matchAll(/<tr data-id="[^"]+" data-label="([^"]+)"/g)].map((m) => m[1]);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  it('is linked from Settings and lists each record type’s fields in their order', async () => {
    await define('contacts', 'alpha', 'text', { position: 2 });
    await define('contacts', 'beta', 'date', { position: 1, required: true, on_inquiry_form: true });
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const settings = (await session.request(`${o}/settings/inquiry-form`)).body;
    assert.match(settings, new RegExp(`href="${o}/settings/custom-fields"[^>]*>Custom fields<`));
    const page = await session.request(`${o}/settings/custom-fields?type=contacts`);
    assert.equal(page.status, 200);
    assert.deepEqual(listed(page.body), ['beta', 'alpha']);
    assert.match(text(page.body), /beta beta Date Required, On the inquiry form/);
    assert.match(page.body, /<a href="[^"]+\?type=contacts" aria-current="page">Contacts<\/a>/);
    assert.match(page.body, /<script src="\/assets\/field-order-[0-9a-f]{10}\.js" defer><\/script>/);
    const script = /src="(\/assets\/field-order-[^"]+)"/.exec(page.body)?.[1] ?? '';
    const served = await session.request(script);
    assert.equal(served.status, 200);
    assert.match(served.body, /draggable = true/);
  });

  it('adds a field, refusing every bad field at once beside it first', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    await define('bookings', 'member_no', 'text');
    const form = (more: Record<string, string>) => ({
      _csrf: csrf,
      label: '',
      key: 'Member No',
      field_type: 'select',
      help_text: '',
      'options/0/value': '',
      'options/0/label': '',
      ...more,
    });
    const before = (await suite.db.selectFrom('custom_fields').select('id').execute()).length;
    const bad = await session.request(`${o}/settings/custom-fields/new?type=bookings`, { form: form({}) });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'label'), 'A label of 1–100 characters.');
    assert.match(fieldError(bad.body, 'key'), /a lower-case letter, then up to 39/);
    assert.equal(fieldError(bad.body, 'options'), 'A select field needs at least one option.');
    assert.match(bad.body, /name="key"[^>]*value="Member No"/, 'what was typed stays');
    const taken = await session.request(`${o}/settings/custom-fields/new?type=bookings`, {
      form: form({ label: 'Member', key: 'member_no', field_type: 'text' }),
    });
    assert.equal(taken.status, 422);
    assert.equal(fieldError(taken.body, 'key'), 'This record type has a field "member_no" already.');
    assert.equal((await suite.db.selectFrom('custom_fields').select('id').execute()).length, before);

    const made = await session.request(`${o}/settings/custom-fields/new?type=bookings`, {
      form: form({
        label: 'How they heard',
        key: 'how_heard',
        required: 'yes',
        on_inquiry_form: 'yes',
        help_text: 'Ask at the first call.',
        'options/0/value': 'web',
        'options/0/label': 'Website',
        'options/1/value': 'friend',
        'options/1/label': 'A friend',
        'options/2/value': '',
        'options/2/label': '',
      }),
    });
    assert.equal(made.status, 303, made.body.slice(0, 400));
    assert.match(made.location ?? '', /settings\/custom-fields\?type=bookings&notice=created$/);
    const row = await suite.db
      .selectFrom('custom_fields')
      .selectAll()
      .where('organization_id', '=', venue.orgId)
      .where('key', '=', 'how_heard')
      .executeTakeFirstOrThrow();
    assert.equal(row.field_type, 'select');
    assert.equal(Number(row.required), 1);
    assert.equal(Number(row.on_inquiry_form), 1);
    assert.equal(row.help_text, 'Ask at the first call.');
    assert.deepEqual(JSON.parse(row.options), [
      { value: 'web', label: 'Website', archived: false },
      { value: 'friend', label: 'A friend', archived: false },
    ]);
    const list = await session.request(`${o}/settings/custom-fields?type=bookings&notice=created`);
    assert.deepEqual(listed(list.body), ['member no', 'How they heard'], 'a new field goes last');
    assert.match(list.body, /Field added\./);
    const events = (await session.request(`${o}/settings/custom-fields/new?type=events`)).body;
    assert.doesNotMatch(
      events,
      /name="on_inquiry_form"/,
      'only bookings and contacts go on the inquiry form',
    );
  });

  it('keeps an option records hold: removing it is refused beside Options, archiving it is saved', async () => {
    const field = await define('accounts', 'tier', 'select', {
      options: [
        { value: 'gold', label: 'Gold' },
        { value: 'silver', label: 'Silver' },
      ],
    });
    await suite.db
      .updateTable('accounts')
      .set({ custom_fields: JSON.stringify({ tier: 'gold' }) })
      .where('id', '=', venue.accountId)
      .execute();
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = (await session.request(`${o}/settings/custom-fields/${field.id}/edit`)).body;
    assert.match(edit, /<code>tier<\/code>/, 'the key is shown, not asked');
    assert.doesNotMatch(edit, /name="key"/);
    const post = (options: Record<string, string>, label = 'Tier') =>
      session.request(`${o}/settings/custom-fields/${field.id}`, {
        form: {
          _csrf: csrf,
          version: versionIn(edit),
          label,
          field_type: 'select',
          help_text: '',
          ...options,
        },
      });
    const removed = await post({ 'options/0/value': 'silver', 'options/0/label': 'Silver' }, '');
    assert.equal(removed.status, 422);
    assert.match(fieldError(removed.body, 'options'), /Records hold gold: archive an option/);
    assert.equal(
      fieldError(removed.body, 'label'),
      'A label of 1–100 characters.',
      'with every other bad field',
    );
    const archived = await post({
      'options/0/value': 'gold',
      'options/0/label': 'Gold (old)',
      'options/0/archived': 'yes',
      'options/1/value': 'silver',
      'options/1/label': 'Silver',
    });
    assert.equal(archived.status, 303, archived.body.slice(0, 400));
    assert.deepEqual(JSON.parse((await definition(field.id))!.options), [
      { value: 'gold', label: 'Gold (old)', archived: true },
      { value: 'silver', label: 'Silver', archived: false },
    ]);
  });

  it('tells what a new type does to the values before it is done, then converts them', async () => {
    const field = await define('bookings', 'budget_note', 'text');
    await holding({ budget_note: 'about 2k' });
    const other = await suite.db
      .selectFrom('bookings')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .where('id', '!=', venue.bookingId)
      .executeTakeFirst();
    assert.equal(other, undefined, 'the venue has one booking; a second is made below');
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = (await session.request(`${o}/settings/custom-fields/${field.id}/edit`)).body;
    const form = {
      _csrf: csrf,
      version: versionIn(edit),
      label: 'Budget',
      field_type: 'number',
      help_text: '',
    };
    const preview = await session.request(`${o}/settings/custom-fields/${field.id}`, { form });
    assert.equal(preview.status, 200);
    assert.match(
      text(preview.body),
      /From text to number: 0 values convert; 1 value cannot and become empty\./,
    );
    assert.match(text(preview.body), /“about 2k”/);
    assert.equal((await definition(field.id))!.field_type, 'text', 'nothing changes before it is confirmed');
    assert.match(preview.body, /name="label" value="Budget"/, 'what was typed goes with the confirmation');

    await holding({ budget_note: '1250' });
    const again = await session.request(`${o}/settings/custom-fields/${field.id}`, { form });
    assert.match(text(again.body), /From text to number: 1 value convert, and none become empty\./);
    const confirm = Object.fromEntries(
      [...again.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        unescaped(m[2]!),
      ]),
    );
    const done = await session.request(`${o}/settings/custom-fields/${field.id}`, { form: confirm });
    assert.equal(done.status, 303, done.body.slice(0, 400));
    const row = (await definition(field.id))!;
    assert.equal(row.field_type, 'number');
    assert.equal(row.label, 'Budget');
    const column = await suite.db
      .selectFrom('bookings')
      .select('custom_fields')
      .where('id', '=', venue.bookingId)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(column.custom_fields).budget_note, 1250);
    await holding({});
  });

  it('orders the fields by their position numbers, a bad number refused beside its row', async () => {
    const a = await define('events', 'first', 'text');
    const b = await define('events', 'second', 'text');
    const c = await define('events', 'third', 'text');
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const order = (positions: Record<string, string>) =>
      session.request(`${o}/settings/custom-fields/order`, {
        form: { _csrf: csrf, type: 'events', ...positions },
      });
    const bad = await order({
      [`position/${a.id}`]: 'last',
      [`position/${b.id}`]: '1',
      [`position/${c.id}`]: '0',
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, `position/${a.id}`), 'A whole number from 1.');
    assert.equal(fieldError(bad.body, `position/${c.id}`), 'A whole number from 1.');
    assert.match(bad.body, new RegExp(`name="position/${a.id}"[^>]*value="last"`));
    const good = await order({
      [`position/${a.id}`]: '3',
      [`position/${b.id}`]: '3',
      [`position/${c.id}`]: '1',
    });
    assert.equal(good.status, 303);
    const list = await session.request(`${o}/settings/custom-fields?type=events&notice=ordered`);
    assert.deepEqual(listed(list.body), ['third', 'first', 'second'], 'ties keep the order they had');
    assert.match(list.body, /Order saved\./);
    const positions = await Promise.all(
      [a, b, c].map(async (f) => Number((await definition(f.id))!.position)),
    );
    assert.deepEqual(positions, [2, 3, 1]);
  });

  it('archives and brings back a field, and deletes one only while no record holds a value of it', async () => {
    const field = await define('bookings', 'gone_soon', 'text');
    await holding({ gone_soon: 'kept' });
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = async () => (await session.request(`${o}/settings/custom-fields/${field.id}/edit`)).body;
    const archive = async (archived: string) =>
      session.request(`${o}/settings/custom-fields/${field.id}/archive`, {
        form: { _csrf: csrf, version: versionIn(await edit()), archived },
      });
    assert.equal((await archive('yes')).status, 303);
    assert.equal(Number((await definition(field.id))!.archived), 1);
    assert.match(
      text((await session.request(`${o}/settings/custom-fields?type=bookings`)).body),
      /gone_soon Text Archived/,
    );
    assert.equal((await archive('no')).status, 303);
    assert.equal(Number((await definition(field.id))!.archived), 0);

    const remove = async () => {
      const confirm = (await session.request(`${o}/settings/custom-fields/${field.id}/delete`)).body;
      return session.request(`${o}/settings/custom-fields/${field.id}/delete`, {
        form: { _csrf: csrf, version: versionIn(confirm) },
      });
    };
    const held = await remove();
    assert.equal(held.status, 409);
    assert.match(text(held.body), /1 record holds a value of this field: archive it instead/);
    assert.ok(await definition(field.id));
    await holding({});
    const gone = await remove();
    assert.equal(gone.status, 303);
    assert.match(gone.location ?? '', /type=bookings&notice=deleted$/);
    assert.equal(await definition(field.id), undefined);
  });

  it('shows a member the list with nothing to change, and refuses a member’s post in the policy’s words', async () => {
    const field = await define('accounts', 'region', 'text');
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const list = await session.request(`${o}/settings/custom-fields?type=accounts`);
    assert.equal(list.status, 200);
    assert.ok(listed(list.body).includes('region'));
    assert.match(list.body, /Only administrators change custom fields\./);
    assert.doesNotMatch(list.body, /Add a field|name="position\/|\/edit"/);
    const form = await session.request(`${o}/settings/custom-fields/new?type=accounts`);
    assert.equal(form.status, 403);
    assert.match(text(form.body), /Only organization admins may change custom fields\./);
    const before = (await suite.db.selectFrom('custom_fields').select('id').execute()).length;
    const post = await session.request(`${o}/settings/custom-fields/new?type=accounts`, {
      form: { _csrf: csrf, label: 'Sneaky', key: 'sneaky', field_type: 'text' },
    });
    assert.equal(post.status, 403, text(post.body).slice(0, 2000));
    assert.match(text(post.body), /Only organization admins may change custom fields\./);
    const order = await session.request(`${o}/settings/custom-fields/order`, {
      form: { _csrf: csrf, type: 'accounts', [`position/${field.id}`]: '1' },
    });
    assert.equal(order.status, 403);
    assert.equal((await suite.db.selectFrom('custom_fields').select('id').execute()).length, before);
  });
});
