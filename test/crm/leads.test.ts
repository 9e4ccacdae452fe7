/**
 * A lead as it comes in (SPEC §14, createLead): the contact reused by e-mail, an account (the
 * company, else the person), a `lead` booking with one event in the organization's time zone,
 * the message as a note, its source and source details on /v2/bookings, each record in the
 * change feed; a refused lead names every bad field and writes nothing. A booking made through
 * the API says so.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { createLead, type LeadInput } from '../../src/crm/leads/lead.command.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import { ValidationError } from '../../src/errors.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  bookingDocument,
  created,
  accountDocument,
  type Many,
  type One,
} from '../helpers/writes.js';

const base: LeadInput = {
  contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', phone: '+1 312 555 0100' },
  date: '2027-09-18',
  start_time: '18:00',
  end_time: '01:00',
  guest_count: 120,
  event_type: 'Wedding',
  message: 'Ceremony on the lawn, dinner inside.',
  source: 'inquiry_form',
  source_details: { utm_source: 'google', utm_campaign: 'autumn' },
};

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let actor: Actor;
  const lead = (input: LeadInput) => write({ db: suite.db, clock: systemClock }, actor, createLead, input);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    actor = staffActor({ organizationId: venue.orgId, userId: null, role: 'admin', door: 'api' });
    const set = await api(`/v2/organization`, {
      method: 'PATCH',
      body: {
        data: {
          type: 'organizations',
          id: venue.orgId,
          attributes: { timezone: 'America/Chicago', currency: 'EUR' },
        },
      },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });
  after(() => server.close());

  it('makes a lead with its contact, person account, one event in the venue zone, the note and its source', async () => {
    const booking = await lead(base);
    const read = (await api<One>(`/v2/bookings/${booking.id}`)).body.data;
    assert.deepEqual(
      [read.attributes.status, read.attributes.name, read.attributes.timezone, read.attributes.currency],
      ['lead', 'Ada Okafor (Wedding)', 'America/Chicago', 'EUR'],
    );
    // 18:00 to 01:00 the next night, Chicago summer time (UTC−5).
    assert.deepEqual(
      [read.attributes.start_at, read.attributes.end_at, read.attributes.guest_count],
      ['2027-09-18T23:00:00.000Z', '2027-09-19T06:00:00.000Z', 120],
    );
    assert.deepEqual(
      [read.attributes.source, read.attributes.source_details],
      ['inquiry_form', base.source_details],
    );
    const events = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking.id}`)).body.data;
    assert.equal(events.length, 1);
    const notes = (
      await api<Many>(`/v2/notes?filter[notable_type][eq]=bookings&filter[notable_id][eq]=${booking.id}`)
    ).body.data;
    assert.deepEqual(
      notes.map((n) => n.attributes.body),
      [base.message],
    );
    const contactId = (read.relationships.contact!.data as { id: string }).id;
    const accountId = (read.relationships.account!.data as { id: string }).id;
    const account = (await api<One>(`/v2/accounts/${accountId}`)).body.data;
    assert.equal(account.attributes.name, 'Ada Okafor');
    const contact = (await api<One>(`/v2/contacts/${contactId}`)).body.data;
    assert.deepEqual(
      [contact.attributes.email, contact.attributes.phone],
      ['ada@example.com', '+1 312 555 0100'],
    );
    const changes = (await api<Many>(`/v2/changes?page[size]=100`)).body.data.map((c) => [
      c.attributes.change_type,
      (c.attributes as { data?: { object?: { id?: string } } }).data?.object?.id,
    ]);
    for (const [type, id] of [
      ['booking.created', booking.id],
      ['contact.created', contactId],
      ['account.created', accountId],
      ['event.created', events[0]!.id],
      ['note.created', notes[0]!.id],
    ])
      assert.ok(
        changes.some(([t, i]) => t === type && i === id),
        `${type} ${id} in ${JSON.stringify(changes)}`,
      );
  });

  it('reuses the contact by e-mail whatever its case, and the company account by name and e-mail domain; no times: all day', async () => {
    const firstCompany = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Acme Events', website: 'https://www.acme-events.example' }),
    );
    const first = await lead({
      ...base,
      contact: { ...base.contact, email: 'grace@acme-events.example' },
      company: 'acme events',
    });
    const again = await lead({
      ...base,
      contact: { first_name: 'G', last_name: 'H', email: 'GRACE@Acme-Events.example' },
      company: 'ACME EVENTS',
      start_time: undefined,
      end_time: undefined,
      message: undefined,
    });
    assert.equal(again.contact_id, first.contact_id);
    assert.deepEqual([first.account_id, again.account_id], [firstCompany, firstCompany]);
    assert.equal(again.name, 'ACME EVENTS (Wedding)');
    const event = (await api<Many>(`/v2/events?filter[booking_id][eq]=${again.id}`)).body.data[0]!;
    assert.deepEqual(
      [event.attributes.all_day, event.attributes.start_at, event.attributes.end_at],
      [true, '2027-09-18T05:00:00.000Z', '2027-09-19T05:00:00.000Z'],
    );
  });

  it('never puts a lead in a same-named account by its name alone, nor by a free-mail domain, and says so in a note', async () => {
    const client = await created(
      api,
      '/v2/accounts',
      accountDocument({ name: 'Harbour Trust', email: 'office@gmail.com' }),
    );
    const notesOf = async (id: string) =>
      (
        await api<Many>(`/v2/notes?filter[notable_type][eq]=bookings&filter[notable_id][eq]=${id}`)
      ).body.data.map((n) => String(n.attributes.body));
    const stranger = await lead({
      ...base,
      contact: { ...base.contact, email: 'someone@elsewhere.example' },
      company: 'HARBOUR TRUST',
      message: undefined,
    });
    const freeMail = await lead({
      ...base,
      contact: { ...base.contact, email: 'another@gmail.com' },
      company: 'Harbour Trust',
      message: undefined,
    });
    for (const booking of [stranger, freeMail]) assert.notEqual(booking.account_id, client);
    assert.notEqual(stranger.account_id, freeMail.account_id);
    assert.deepEqual(await notesOf(stranger.id), [
      'An account named Harbour Trust already exists; it was not used, as someone@elsewhere.example is not of its e-mail domain. This inquiry has an account of its own: if it is the same client, move the booking to that account.',
    ]);
    assert.match((await notesOf(freeMail.id))[0]!, /gmail\.com is a mail service anyone can use/);
  });

  it('refuses a bad lead with every bad field at once, and writes nothing', async () => {
    const before = await Promise.all(
      ['bookings', 'contacts', 'accounts', 'notes'].map((t) => countRows(suite.db, t as 'bookings')),
    );
    const refused = await lead({
      ...base,
      contact: { first_name: ' ', last_name: '', email: 'not-an-address' },
      date: '2027-02-30',
      start_time: '25:00',
      guest_count: -3,
      source: 'fax' as LeadInput['source'],
      message: 'x'.repeat(5001),
    }).then(
      () => assert.fail('accepted'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof ValidationError);
    assert.deepEqual(refused.problems.map((p) => p.field).sort(), [
      'contact/email',
      'contact/first_name',
      'date',
      'guest_count',
      'message',
      'source',
      'start_time',
    ]);
    const afterwards = await Promise.all(
      ['bookings', 'contacts', 'accounts', 'notes'].map((t) => countRows(suite.db, t as 'bookings')),
    );
    assert.deepEqual(afterwards, before);
  });

  it('records the workspace as the source of a booking made there', async () => {
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Walk-in' }));
    const booking = await write(
      { db: suite.db, clock: systemClock },
      { ...actor, door: 'workspace' },
      createBooking,
      {
        name: 'By the desk',
        start_at: '2027-05-01T10:00:00Z',
        end_at: '2027-05-01T12:00:00Z',
        accountId: account,
      },
    );
    assert.deepEqual([booking.source, booking.source_details], ['workspace', null]);
  });

  it('records api as the source of a booking made through the API', async () => {
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Source check' }));
    const id = await created(api, '/v2/bookings', bookingDocument(account, { name: 'By API' }));
    const read = (await api<One>(`/v2/bookings/${id}`)).body.data;
    assert.deepEqual([read.attributes.source, read.attributes.source_details], ['api', null]);
  });
});
