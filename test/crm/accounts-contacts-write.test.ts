/**
 * Writing accounts and contacts (SPEC §7): their validation, idempotent creates, and the deletion
 * rules (an account with bookings is refused; a contact leaves its bookings; notes go along).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  type ErrorBody,
  pointers,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  it('creates and changes an account, normalizing what it stores', async () => {
    const response = await api('/v2/accounts', {
      method: 'POST',
      body: accountDocument({
        name: '  Northwind Traders ',
        email: 'events@northwind.example',
        country: 'de',
        city: ' ',
      }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const account = response.body.data;
    assert.equal(account.attributes.name, 'Northwind Traders');
    assert.equal(account.attributes.country, 'DE');
    assert.equal(account.attributes.city, null, 'blank text is stored as nothing');
    assert.deepEqual(account.relationships?.owner?.data, { type: 'users', id: venue.user.id });
    const ownerless = await api('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Unowned' }, { owner: { data: null } }),
    });
    assert.equal(ownerless.body.data.relationships?.owner?.data, null, 'an explicit null means no owner');

    const member = await makeUser(suite.db, venue.orgId);
    const changed = await api(`/v2/accounts/${account.id}`, {
      method: 'PATCH',
      body: changeDocument(
        'accounts',
        account.id,
        { phone: '+49 30 123' },
        { owner: { data: { type: 'users', id: member.id } } },
      ),
      headers: { 'if-match': response.headers.get('etag')! },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.attributes.phone, '+49 30 123');
    assert.equal(changed.body.data.attributes.email, 'events@northwind.example', 'untouched fields stay');
    assert.deepEqual(changed.body.data.relationships?.owner?.data, { type: 'users', id: member.id });
    const cleared = await api(`/v2/accounts/${account.id}`, {
      method: 'PATCH',
      body: changeDocument('accounts', account.id, { email: null }, { owner: { data: null } }),
    });
    assert.equal(cleared.body.data.attributes.email, null);
    assert.equal(cleared.body.data.relationships?.owner?.data, null);
  });

  it('refuses an account without a name, a bad e-mail or country, and an owner from elsewhere', async () => {
    const outsider = await makeVenue(suite.db);
    const response = await api<ErrorBody>('/v2/accounts', {
      method: 'POST',
      body: accountDocument(
        { name: ' ', email: 'not-an-address', country: 'XX' },
        { owner: { data: { type: 'users', id: outsider.user.id } } },
      ),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(pointers(response.body).sort(), [
      '/data/attributes/country',
      '/data/attributes/email',
      '/data/attributes/name',
      '/data/relationships/owner/data',
    ]);
    const missing = await api<ErrorBody>('/v2/accounts', { method: 'POST', body: accountDocument({}) });
    assert.deepEqual(pointers(missing.body), ['/data/attributes/name']);
    assert.equal(missing.body.errors[0]?.detail, 'name is required.');
  });

  it('replays a create retried with the same Idempotency-Key, and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': `account-${Date.now()}` };
    const first = await api('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Once' }),
      headers,
    });
    const again = await api('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Once' }),
      headers,
    });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.body.data.id, first.body.data.id);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const other = await api<ErrorBody>('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Twice' }),
      headers,
    });
    assert.equal(other.status, 422);
    assert.equal(other.body.errors[0]?.code, 'idempotency_key_reused');
    const count = await suite.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', venue.orgId)
      .where('name', '=', 'Once')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  it('creates contacts with a first or a last name, a valid e-mail and an account of the organization', async () => {
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Bluewater' }));
    const ada = await api('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ last_name: 'Lovelace', email: 'ada@bluewater.example' }, account),
    });
    assert.equal(ada.status, 201, JSON.stringify(ada.body));
    assert.equal(ada.body.data.attributes.first_name, '');
    assert.deepEqual(ada.body.data.relationships?.account?.data, { type: 'accounts', id: account });

    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirAccount = await created(otherApi, '/v2/accounts', accountDocument({ name: 'Theirs' }));
    const refused = await api<ErrorBody>('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ first_name: ' ', last_name: '', email: 'nope' }, theirAccount),
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/email',
      '/data/attributes/first_name',
      '/data/relationships/account/data',
    ]);
    const emptied = await api<ErrorBody>(`/v2/contacts/${ada.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('contacts', ada.body.data.id, { last_name: '' }),
    });
    assert.equal(emptied.status, 422, 'a change may not leave a contact without a name');
  });

  it('refuses to delete an account with bookings, naming how many; deletes it with its notes otherwise', async () => {
    const busy = await created(api, '/v2/accounts', accountDocument({ name: 'Busy' }));
    await created(api, '/v2/bookings', bookingDocument(busy, {}));
    await created(api, '/v2/bookings', bookingDocument(busy, {}));
    const refused = await api<ErrorBody>(`/v2/accounts/${busy}`, { method: 'DELETE' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0]?.code, 'has_dependents');
    assert.match(refused.body.errors[0]!.detail, /2 bookings/);

    const quiet = await created(api, '/v2/accounts', accountDocument({ name: 'Quiet' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Kai' }, quiet));
    const note = await api('/notes', { method: 'POST', body: noteBody('accounts', quiet) });
    assert.equal((await api(`/v2/accounts/${quiet}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/accounts/${quiet}`)).status, 404);
    assert.equal((await api(`/notes/${note.body.data.id}`)).status, 404, 'its notes went with it');
    const kept = await api(`/v2/contacts/${contact}`);
    assert.equal(kept.status, 200, 'its contacts stay');
    assert.equal(kept.body.data.relationships?.account?.data, null);
  });

  it('removes a deleted contact from the bookings that named it, which show a new version', async () => {
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Harbor Credit' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Ines' }, account));
    const booking = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, {}, { contact }),
    });
    const before = booking.headers.get('etag');
    const note = await api('/notes', { method: 'POST', body: noteBody('contacts', contact) });
    assert.equal((await api(`/v2/contacts/${contact}`, { method: 'DELETE' })).status, 204);
    const after = await api(`/v2/bookings/${booking.body.data.id}`);
    assert.equal(after.body.data.relationships?.contact?.data, null);
    assert.notEqual(after.headers.get('etag'), before, 'the booking changed, so its ETag did');
    assert.equal((await api(`/notes/${note.body.data.id}`)).status, 404);
  });
});
