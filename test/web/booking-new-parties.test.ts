/**
 * The New booking form makes the account and contact with the booking when they are typed in
 * rather than chosen (a venue manager taking a call from someone new): one save, the parties by
 * their own rules beside their fields; a contact with no account gets a person account in their
 * name; a contact whose e-mail the venue already has, whatever its case, is that contact (the
 * same rule as the API's, the inquiry form's and the assistant's).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createLead } from '../../src/crm/leads/lead.command.js';
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
  const saved = async (location: string | undefined) => {
    const id = /\/bookings\/([^/?]+)\?notice=created$/.exec(location ?? '')?.[1];
    assert.ok(id, `a new booking's page: ${location}`);
    return suite.db
      .selectFrom('bookings as b')
      .leftJoin('accounts as a', 'a.id', 'b.account_id')
      .leftJoin('contacts as c', 'c.id', 'b.contact_id')
      .select([
        'b.name',
        'a.name as account',
        'c.first_name',
        'c.email',
        'c.account_id',
        'b.account_id as bookingAccount',
      ])
      .where('b.id', '=', id)
      .executeTakeFirstOrThrow();
  };

  it('makes a new account and contact with the booking', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const form = await session.request(`${o}/bookings/new`);
    assert.match(form.body, /name="new_account_name"/);
    const response = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          new_account_name: 'Lighthouse Trust',
          new_contact_first_name: 'Maud',
          new_contact_last_name: 'Gonne',
          new_contact_email: 'maud@lighthouse.example',
        }),
      },
    });
    assert.equal(response.status, 303, response.body.slice(0, 400));
    const row = await saved(response.location);
    assert.equal(row.account, 'Lighthouse Trust');
    assert.equal(row.first_name, 'Maud');
    assert.equal(row.account_id, row.bookingAccount, 'the contact belongs to the new account');
  });

  it('gives a new contact without an account a person account in their name', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const response = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          new_contact_first_name: 'Ada',
          new_contact_last_name: 'Byron',
          new_contact_phone: '+44 20 7946 0321',
        }),
      },
    });
    assert.equal(response.status, 303, response.body.slice(0, 400));
    const row = await saved(response.location);
    assert.equal(row.account, 'Ada Byron');
    assert.equal(row.account_id, row.bookingAccount);
    const page = await session.request(response.location!);
    assert.match(
      page.body,
      /<span class="nowrap">\+44 20 7946 0321<\/span>/,
      'a phone number is never broken',
    );
  });

  it('takes the venue’s contact with that e-mail instead of making another', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    await suite.db
      .updateTable('contacts')
      .set({ email: 'rosa@harbour.example' })
      .where('id', '=', venue.contactId)
      .execute();
    const existing = await suite.db
      .selectFrom('contacts')
      .select(['id', 'email', 'account_id'])
      .where('id', '=', venue.contactId)
      .executeTakeFirstOrThrow();
    assert.ok(existing.email);
    const before = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .execute();
    const response = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({ new_contact_first_name: 'Someone', new_contact_email: existing.email.toUpperCase() }),
      },
    });
    assert.equal(response.status, 303, response.body.slice(0, 400));
    const row = await saved(response.location);
    assert.equal(row.email, existing.email);
    assert.equal(row.bookingAccount, existing.account_id, 'and that contact’s account');
    const after = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .execute();
    assert.equal(after.length, before.length);
  });

  it('takes a contact whatever the case of its e-mail, as every other door does', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const contactsWith = (email: string) =>
      suite.db
        .selectFrom('contacts')
        .select(['id', 'email'])
        .where('organization_id', '=', venue.orgId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .execute();
    const post = async (email: string) => {
      const response = await session.request(`${o}/bookings`, {
        form: { _csrf: csrf, ...booking({ new_contact_first_name: 'Jane', new_contact_email: email }) },
      });
      assert.equal(response.status, 303, response.body.slice(0, 400));
      return saved(response.location);
    };
    const first = await post('Jane@Example.com');
    assert.equal(first.email, 'Jane@Example.com');
    const second = await post('jane@example.com');
    assert.equal(second.email, 'Jane@Example.com', 'the same contact');
    assert.equal((await contactsWith('jane@example.com')).length, 1);

    // A lead of the inquiry form, the API or the assistant takes the same contact, and the form theirs.
    const lead = await write({ db: suite.db, clock: systemClock }, venue.actor, createLead, {
      contact: { first_name: 'Jane', last_name: '', email: 'JANE@EXAMPLE.COM' },
      date: '2027-06-01',
      source: 'api',
    });
    const [jane] = await contactsWith('jane@example.com');
    assert.equal(lead.contact_id, jane?.id);
    await write({ db: suite.db, clock: systemClock }, venue.actor, createLead, {
      contact: { first_name: 'Mia', last_name: '', email: 'Mia@Example.com' },
      date: '2027-06-02',
      source: 'inquiry_form',
    });
    const mia = await post('  mia@EXAMPLE.com ');
    assert.equal(mia.email, 'Mia@Example.com');
    assert.equal((await contactsWith('mia@example.com')).length, 1);
  });

  it('refuses what is wrong with the parties beside their fields, all at once, keeping what was typed', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const accounts = async () =>
      (
        await suite.db
          .selectFrom('accounts')
          .select('id')
          .where('organization_id', '=', venue.orgId)
          .execute()
      ).length;
    const count = await accounts();
    const response = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        ...booking({
          name: '',
          account: venue.accountId,
          new_account_name: 'Both Ways Ltd',
          new_contact_first_name: 'Kit',
          new_contact_email: 'not an address',
        }),
      },
    });
    assert.equal(response.status, 422);
    assert.equal(fieldError(response.body, 'account'), 'Choose an account or name a new one, not both.');
    assert.match(fieldError(response.body, 'new_contact_email'), /not an e-mail address/);
    assert.equal(fieldError(response.body, 'name'), 'A booking needs a name.');
    assert.match(response.body, /value="Both Ways Ltd"/);
    assert.match(response.body, /<details class="new-parties" open/);
    assert.equal(await accounts(), count, 'nothing was made');
  });
});
