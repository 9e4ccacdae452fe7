/**
 * Contacts' and accounts' commands work in values (docs/decisions/0017): what they make is the
 * value (camelCase, as the face's codec reads it), and every refusal — a record that is not the
 * organization's (404), a version that is not the one read (412), the rules' problems (422, each
 * at its pointer), an account's bookings (409) — is returned by the command, never thrown, with
 * nothing written.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccount, deleteAccount, updateAccount } from '../../src/crm/accounts/index.js';
import { createContact, deleteContact, updateContact } from '../../src/crm/contacts/index.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import { isRefusal, type Refusal } from '../../src/writes/refusal.js';
import { type Command, workIn } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { bookingRow, makeOrganization, makeUser } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  changeDocument,
  contactDocument,
  type ErrorBody,
} from '../helpers/writes.js';

/** The instant the commands run at: a fixed one, whatever the day. */
const AT = Date.parse('2031-03-02T10:00:00.000Z');

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  async function admin(): Promise<Actor> {
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id, { role: 'admin' });
    return staffActor({ organizationId: org.id, userId: user.id, role: 'admin', door: 'api' });
  }

  /** What the command returns (a throw fails the test), in a unit of work kept when `keep`. */
  async function returned<Input, Result>(
    actor: Actor,
    command: Command<Input, Result>,
    input: Input,
    keep = false,
  ): Promise<Result> {
    let outcome: { result: Result } | undefined;
    await suite.db
      .transaction()
      .execute(async (trx) => {
        outcome = { result: await command.run(workIn(trx, actor, AT), input) };
        if (!keep) throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    assert.ok(outcome, 'the command ran to its end');
    return outcome.result;
  }

  const facts = (refusal: unknown) => {
    assert.ok(isRefusal(refusal), `a refusal, returned: ${JSON.stringify(refusal)}`);
    const r = refusal as Refusal;
    return {
      status: r.status,
      code: r.code,
      pointers: r.problems.map((p) => p.source?.pointer).sort(),
    };
  };

  it('makes and changes contacts and accounts as values', async () => {
    const actor = await admin();
    const account = await returned(actor, createAccount, { name: ' Bluewater ', country: 'de' }, true);
    assert.ok(!isRefusal(account));
    assert.deepEqual(
      [account.name, account.country, account.ownerId, account.organizationId],
      ['Bluewater', 'DE', actor.userId, actor.organizationId],
    );
    const contact = await returned(
      actor,
      createContact,
      { first_name: 'Ada', email: ' ada@bluewater.example ', accountId: account.id },
      true,
    );
    assert.ok(!isRefusal(contact));
    assert.deepEqual(
      [contact.firstName, contact.lastName, contact.email, contact.accountId],
      ['Ada', '', 'ada@bluewater.example', account.id],
    );
    assert.ok(!('first_name' in contact), 'the value, not the row');
    const changed = await returned(actor, updateContact, {
      id: contact.id,
      ifMatch: undefined,
      input: { title: 'Countess' },
    });
    assert.ok(!isRefusal(changed));
    assert.deepEqual([changed.firstName, changed.title], ['Ada', 'Countess']);
  });

  it('returns the rules’ refusals, each problem at its pointer, writing nothing', async () => {
    const actor = await admin();
    const before = [await countRows(suite.db, 'contacts'), await countRows(suite.db, 'accounts')];
    assert.deepEqual(
      facts(await returned(actor, createContact, { first_name: ' ', email: 'nope', accountId: 'elsewhere' })),
      {
        status: 422,
        code: 'blank',
        pointers: [
          '/data/attributes/email',
          '/data/attributes/first_name',
          '/data/relationships/account/data',
        ],
      },
    );
    assert.deepEqual(facts(await returned(actor, createAccount, { name: '', country: 'XX' })), {
      status: 422,
      code: 'blank',
      pointers: ['/data/attributes/country', '/data/attributes/name'],
    });
    assert.deepEqual(before, [await countRows(suite.db, 'contacts'), await countRows(suite.db, 'accounts')]);
  });

  it('returns 404 for a record of no organization’s and 412 for a version not read', async () => {
    const actor = await admin();
    const missing = { id: 'nope', ifMatch: undefined };
    for (const command of [deleteContact, deleteAccount] as Array<Command<typeof missing, unknown>>) {
      assert.deepEqual(facts(await returned(actor, command, missing)), {
        status: 404,
        code: 'not_found',
        pointers: [],
      });
    }
    assert.deepEqual(facts(await returned(actor, updateContact, { ...missing, input: { title: 'x' } })), {
      status: 404,
      code: 'not_found',
      pointers: [],
    });
    const account = await returned(actor, createAccount, { name: 'Versioned' }, true);
    assert.ok(!isRefusal(account));
    const stale = { id: account.id, ifMatch: '"not-its-version"' };
    assert.deepEqual(facts(await returned(actor, updateAccount, { ...stale, input: { city: 'Bonn' } })), {
      status: 412,
      code: 'precondition_failed',
      pointers: [],
    });
    assert.deepEqual(facts(await returned(actor, deleteAccount, stale)), {
      status: 412,
      code: 'precondition_failed',
      pointers: [],
    });
  });

  it('returns the refusal to delete an account with bookings', async () => {
    const actor = await admin();
    const account = await returned(actor, createAccount, { name: 'Busy' }, true);
    assert.ok(!isRefusal(account));
    await suite.db
      .insertInto('bookings')
      .values(bookingRow(actor.organizationId, '2031-03-01T10:00:00.000Z', { account_id: account.id }))
      .execute();
    const refused = await returned(actor, deleteAccount, { id: account.id, ifMatch: undefined });
    assert.deepEqual(facts(refused), { status: 409, code: 'has_dependents', pointers: [] });
    assert.match((refused as Refusal).detail, /1 booking;/);
  });

  it('answers the returned refusals at the API’s door with their status, code and place', async () => {
    const missing = await api<ErrorBody>('/v2/contacts/nope', {
      method: 'PATCH',
      body: changeDocument('contacts', 'nope', { title: 'x' }),
    });
    assert.deepEqual([missing.status, missing.body.errors[0]?.code], [404, 'not_found']);
    const gone = await api<ErrorBody>('/v2/accounts/nope', { method: 'DELETE' });
    assert.deepEqual([gone.status, gone.body.errors[0]?.code], [404, 'not_found']);

    const made = await api('/v2/contacts', { method: 'POST', body: contactDocument({ first_name: 'Kai' }) });
    const id = made.body.data.id;
    const stale = { 'if-match': '"not-its-version"' };
    const changed = await api<ErrorBody>(`/v2/contacts/${id}`, {
      method: 'PATCH',
      body: changeDocument('contacts', id, { title: 'x' }),
      headers: stale,
    });
    assert.deepEqual(
      [changed.status, changed.body.errors[0]?.code, changed.body.errors[0]?.source],
      [412, 'precondition_failed', { header: 'If-Match' }],
    );
    const deleted = await api<ErrorBody>(`/v2/contacts/${id}`, { method: 'DELETE', headers: stale });
    assert.equal(deleted.status, 412);
    const blank = await api<ErrorBody>(`/v2/contacts/${id}`, {
      method: 'PATCH',
      body: changeDocument('contacts', id, { first_name: '' }),
    });
    assert.deepEqual(
      [blank.status, blank.body.errors.map((e) => e.source?.pointer)],
      [422, ['/data/attributes/first_name']],
    );
  });

  it('shows contacts and accounts in the same attributes and order on every read and write', async () => {
    const account = await api('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Ordered', country: 'de', custom_fields: {} }),
    });
    assert.equal(account.status, 201, JSON.stringify(account.body));
    assert.deepEqual(Object.keys(account.body.data.attributes), [
      'name',
      'email',
      'phone',
      'website',
      'address_line1',
      'address_line2',
      'city',
      'region',
      'postal_code',
      'country',
      'custom_fields',
      'created_at',
      'updated_at',
    ]);
    assert.deepEqual(Object.keys(account.body.data.relationships ?? {}), ['owner']);
    const contact = await api('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ last_name: 'Ordered', phone: '+49 30 1' }, account.body.data.id),
    });
    assert.deepEqual(Object.keys(contact.body.data.attributes), [
      'first_name',
      'last_name',
      'email',
      'phone',
      'title',
      'custom_fields',
      'created_at',
      'updated_at',
    ]);
    assert.deepEqual(contact.body.data.relationships, {
      account: { data: { type: 'accounts', id: account.body.data.id } },
    });
    for (const [path, written] of [
      [`/v2/accounts/${account.body.data.id}`, account],
      [`/v2/contacts/${contact.body.data.id}`, contact],
    ] as const) {
      const read = await api(path);
      assert.equal(JSON.stringify(read.body.data), JSON.stringify(written.body.data), path);
      assert.equal(read.headers.get('etag'), written.headers.get('etag'), path);
    }
  });
});
