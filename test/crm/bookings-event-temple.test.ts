/**
 * Bookings created as Event Temple's lead forms create them (SPEC §15): days as start_date and
 * end_date (an all-day first event in the organization's time zone), and a new contact embedded
 * as the attribute `contact`, reused by e-mail and given a person account when the booking names
 * none. Every bad field is told at once, at the pointer the client used.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  changeDocument,
  created,
  type Errors,
  type Many,
  type One,
  problemsAt as problems,
} from '../helpers/writes.js';

const lead = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
  data: {
    type: 'bookings',
    attributes: { status: 'lead', ...attributes },
    ...(relationships ? { relationships } : {}),
  },
});

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const zone = await api(`/v2/organization`, {
      method: 'PATCH',
      body: { data: { type: 'organizations', id: venue.orgId, attributes: { timezone: 'America/Chicago' } } },
    });
    assert.equal(zone.status, 200, JSON.stringify(zone.body));
  });
  after(() => server.close());

  it('takes a lead by its days and a new contact, with a person account and an all-day first event', async () => {
    const response = await api<One>('/v2/bookings', {
      method: 'POST',
      body: lead({
        name: 'Okafor wedding',
        start_date: '2027-09-18',
        end_date: '2027-09-19',
        contact: {
          first_name: 'Ada',
          last_name: 'Okafor',
          email: 'Ada.Okafor@example.com',
          phone_number: '+1 312 555 0100',
        },
      }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const booking = response.body.data;
    assert.deepEqual(
      [booking.attributes.timezone, booking.attributes.start_at, booking.attributes.end_at],
      ['America/Chicago', '2027-09-18T05:00:00.000Z', '2027-09-20T05:00:00.000Z'],
    );
    const contactId = (booking.relationships.contact!.data as { id: string }).id;
    const accountId = (booking.relationships.account!.data as { id: string }).id;
    const contact = (await api<One>(`/v2/contacts/${contactId}`)).body.data;
    assert.deepEqual(
      [
        contact.attributes.first_name,
        contact.attributes.last_name,
        contact.attributes.email,
        contact.attributes.phone,
      ],
      ['Ada', 'Okafor', 'Ada.Okafor@example.com', '+1 312 555 0100'],
    );
    assert.equal((contact.relationships.account!.data as { id: string }).id, accountId);
    const account = (await api<One>(`/v2/accounts/${accountId}`)).body.data;
    assert.deepEqual(
      [account.attributes.name, account.attributes.email],
      ['Ada Okafor', 'Ada.Okafor@example.com'],
    );
    const [event] = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking.id}`)).body.data;
    assert.deepEqual(
      [
        event!.attributes.all_day,
        event!.attributes.start_date,
        event!.attributes.end_date,
        event!.attributes.start_time,
      ],
      [true, '2027-09-18', '2027-09-19', null],
    );

    const again = await api<One>('/v2/bookings', {
      method: 'POST',
      body: lead({
        name: 'Okafor rehearsal dinner',
        start_date: '2027-09-17',
        contact: { first_name: 'Ada', email: 'ada.okafor@EXAMPLE.com' },
      }),
    });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.deepEqual(
      again.body.data.relationships.contact!.data,
      { type: 'contacts', id: contactId },
      'reused by e-mail',
    );
    assert.deepEqual(again.body.data.relationships.account!.data, { type: 'accounts', id: accountId });
    const contacts = await api<Many>('/v2/contacts?filter[search]=okafor');
    assert.equal(contacts.body.data.length, 1);
  });

  it('puts a new contact in the account the booking names', async () => {
    const accountId = await created(api, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    const response = await api<One>('/v2/bookings', {
      method: 'POST',
      body: lead(
        {
          name: 'Northwind offsite',
          start_at: '2027-10-01T14:00:00Z',
          end_at: '2027-10-01T22:00:00Z',
          contact: { first_name: 'Lee', last_name: 'Park', email: 'lee@northwind.example' },
        },
        { account: { data: { type: 'accounts', id: accountId } } },
      ),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const contactId = (response.body.data.relationships.contact!.data as { id: string }).id;
    const contact = (await api<One>(`/v2/contacts/${contactId}`)).body.data;
    assert.deepEqual(contact.relationships.account!.data, { type: 'accounts', id: accountId });
  });

  it('refuses every bad field of a lead at once, at the pointers the client used', async () => {
    const bad = await api<Errors>('/v2/bookings', {
      method: 'POST',
      body: lead({
        name: 'Bad',
        start_date: '2027-02-29',
        end_date: '2027-03-02',
        contact: { email: 'not an address', phone_number: '555\u0007' },
      }),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(problems(bad.body), [
      ['/data/attributes/contact/email', 'invalid_value'],
      ['/data/attributes/contact/first_name', 'blank'],
      ['/data/attributes/contact/phone_number', 'control_character'],
      ['/data/attributes/start_date', 'invalid_value'],
    ]);
    const cases: Array<
      [Record<string, unknown>, Record<string, unknown> | undefined, Array<[string, string]>]
    > = [
      [
        {
          name: 'Both',
          start_at: '2027-10-01T14:00:00Z',
          end_at: '2027-10-01T22:00:00Z',
          start_date: '2027-10-01',
        },
        undefined,
        [
          ['/data/attributes/start_date', 'conflicting_members'],
          ['/data/relationships/account/data', 'required'],
        ],
      ],
      [
        {
          name: 'Backwards',
          start_date: '2027-10-05',
          end_date: '2027-10-01',
          contact: { first_name: 'Kim' },
        },
        undefined,
        [['/data/attributes/end_date', 'invalid_value']],
      ],
      [
        { name: 'Two contacts', start_date: '2027-10-05', contact: { first_name: 'Kim' } },
        { contact: { data: null } },
        [['/data/attributes/contact', 'conflicting_members']],
      ],
    ];
    for (const [attributes, relationships, expected] of cases) {
      const refused = await api<Errors>('/v2/bookings', {
        method: 'POST',
        body: lead(attributes, relationships),
      });
      assert.equal(refused.status, 422, JSON.stringify(attributes));
      assert.deepEqual(problems(refused.body), expected, JSON.stringify(refused.body));
    }
  });

  it('gives days and a new contact on create only', async () => {
    const made = await api<One>('/v2/bookings', {
      method: 'POST',
      body: lead({ name: 'Solo', start_date: '2027-11-01', contact: { last_name: 'Solo' } }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const moved = await api<Errors>(`/v2/bookings/${made.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', made.body.data.id, {
        start_date: '2027-11-02',
        contact: { first_name: 'X' },
      }),
    });
    assert.equal(moved.status, 422);
    assert.deepEqual(problems(moved.body), [
      ['/data/attributes/contact', 'create_only'],
      ['/data/attributes/start_date', 'create_only'],
    ]);
  });
});
