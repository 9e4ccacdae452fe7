/**
 * The New booking form's new account and new contact with the venue's own fields (SPEC §19): each
 * kind's inputs under its part of the form, a required one asked there (not a wall the booking
 * cannot pass), every bad value beside its input with the booking's own errors, what was typed
 * kept; saved, the values are the new account's and contact's — and a contact with no account
 * named gets, in the person account made for them, the values typed for the new account.
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
    const define = (record_type: string, key: string, label: string, field_type: string, more = {}) =>
      write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
        record_type,
        key,
        label,
        field_type,
        ...more,
      });
    await define('accounts', 'vat_no', 'VAT number', 'text', { required: true });
    await define('accounts', 'credit', 'Credit limit', 'money');
    await define('contacts', 'birthday', 'Birthday', 'date', { required: true });
  });
  after(() => server.close());

  const booking = (fields: Record<string, string>) => ({
    name: 'Anniversary dinner',
    status: 'lead',
    start_at: '2027-05-14T19:00',
    end_at: '2027-05-14T23:00',
    timezone: 'Europe/London',
    currency: 'GBP',
    ...fields,
  });
  const parties = async (location: string | undefined) => {
    const id = /\/bookings\/([^/?]+)\?notice=created$/.exec(location ?? '')?.[1] ?? '';
    const b = await suite.db
      .selectFrom('bookings')
      .select(['account_id', 'contact_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const column = async (table: 'accounts' | 'contacts', rowId: string | null) =>
      JSON.parse(
        (
          await suite.db
            .selectFrom(table)
            .select('custom_fields')
            .where('id', '=', rowId ?? '')
            .executeTakeFirstOrThrow()
        ).custom_fields,
      ) as Record<string, unknown>;
    return {
      account: await column('accounts', b.account_id),
      contact: await column('contacts', b.contact_id),
    };
  };

  it('shows the new account’s and new contact’s fields, required ones marked', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = (await session.request(`${o}/bookings/new`)).body;
    assert.match(page, /<legend>The new account’s details<\/legend>/);
    assert.match(page, /<input[^>]*name="new_account_custom_fields\/vat_no"[^>]*required/);
    assert.match(page, /name="new_account_custom_fields\/credit"[^>]*inputmode="decimal"/);
    assert.match(page, /<legend>The new contact’s details<\/legend>/);
    assert.match(
      page,
      /name="new_contact_custom_fields\/birthday"[^>]*type="date"|type="date"[^>]*name="new_contact_custom_fields\/birthday"/,
    );
    const edit = (await session.request(`${o}/bookings/${venue.bookingId}/edit`)).body;
    assert.doesNotMatch(edit, /new_account_custom_fields/, 'an edit makes no party');
  });

  it('refuses every bad value beside its input, with the booking’s own, and writes nothing', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const count = async () => (await suite.db.selectFrom('accounts').select('id').execute()).length;
    const before = await count();
    const bad = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({ name: '' }),
        new_account_name: 'Mensah & Co',
        'new_account_custom_fields/vat_no': '',
        'new_account_custom_fields/credit': 'lots',
        new_contact_first_name: 'Ama',
        new_contact_last_name: 'Mensah',
        'new_contact_custom_fields/birthday': '1990-02-30',
      },
    });
    assert.equal(bad.status, 422);
    assert.ok(fieldError(bad.body, 'name'));
    assert.equal(fieldError(bad.body, 'new_account_custom_fields/vat_no'), 'VAT number is required.');
    assert.ok(fieldError(bad.body, 'new_account_custom_fields/credit'));
    assert.equal(fieldError(bad.body, 'new_contact_custom_fields/birthday'), 'A date, YYYY-MM-DD.');
    assert.match(
      bad.body,
      /name="new_contact_custom_fields\/birthday"[^>]*value="1990-02-30"|value="1990-02-30"[^>]*name="new_contact_custom_fields\/birthday"/,
    );
    assert.match(bad.body, /<details class="new-parties" open>/);
    assert.equal(await count(), before);
  });

  it('saves the values on the new account and the new contact', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const made = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({}),
        new_account_name: 'Mensah & Co',
        'new_account_custom_fields/vat_no': 'GB123456789',
        'new_account_custom_fields/credit': '2,500.00',
        new_contact_first_name: 'Ama',
        new_contact_last_name: 'Mensah',
        'new_contact_custom_fields/birthday': '1990-02-28',
      },
    });
    assert.equal(made.status, 303, made.body.slice(0, 600));
    assert.deepEqual(await parties(made.location), {
      account: { vat_no: 'GB123456789', credit: 250000 },
      contact: { birthday: '1990-02-28' },
    });
  });

  it('gives a contact’s own person account the values typed for the new account', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const form = {
      _csrf: csrf,
      ...booking({}),
      new_contact_first_name: 'Kofi',
      new_contact_last_name: 'Boateng',
      'new_contact_custom_fields/birthday': '1985-07-01',
    };
    const asked = await session.request(`${o}/bookings`, { form });
    assert.equal(asked.status, 422);
    assert.equal(fieldError(asked.body, 'new_account_custom_fields/vat_no'), 'VAT number is required.');
    const made = await session.request(`${o}/bookings`, {
      form: { ...form, 'new_account_custom_fields/vat_no': 'GB987654321' },
    });
    assert.equal(made.status, 303, made.body.slice(0, 600));
    assert.deepEqual(await parties(made.location), {
      account: { vat_no: 'GB987654321' },
      contact: { birthday: '1985-07-01' },
    });
  });
});
