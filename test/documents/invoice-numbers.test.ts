/**
 * Invoice numbers under concurrent issues (SPEC §13): INV-00001, … per organization, taken under
 * the organization's write lock in the issue's unit of work, so many invoices issued at once get
 * consecutive numbers with no gap and none twice; one invoice issued twice at once is issued
 * once; an issue refused (a stale If-Match) takes no number; another organization counts apart.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: { number: string | null; status: string } };
}

eachDatabase((suite) => {
  let server: TestServer;
  let admin: Api;
  let bookings: string[];

  const draft = async (api: Api, booking: string) => {
    const made = await api<Body>('/v2/documents', { method: 'POST', body: documentBody('invoice', booking) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body.data.id;
  };
  const issue = (api: Api, id: string, headers: Record<string, string> = {}) =>
    api<Body>(`/v2/documents/${id}/issue`, { method: 'POST', headers });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
    bookings = [];
    for (const name of ['Ames', 'Baker', 'Chen']) {
      bookings.push((await pricedBooking(admin, { name, events: 1, linesPerEvent: 1 })).booking);
    }
  });
  after(() => server.close());

  it('numbers invoices issued at once consecutively, none twice, no gap', async () => {
    const stale = await draft(admin, bookings[0]!);
    const refused = await issue(admin, stale, { 'if-match': '"not-its-version"' });
    assert.equal(refused.status, 412, 'a refused issue takes no number');

    const drafts: string[] = [];
    for (let i = 0; i < 9; i++) drafts.push(await draft(admin, bookings[i % bookings.length]!));
    const answers = await Promise.all(drafts.map((id) => issue(admin, id)));
    assert.deepEqual(
      answers.map((a) => a.status),
      drafts.map(() => 200),
    );
    const numbers = answers.map((a) => a.body.data.attributes.number).sort();
    assert.deepEqual(
      numbers,
      Array.from({ length: 9 }, (_, i) => `INV-0000${i + 1}`),
    );

    const twice = await draft(admin, bookings[1]!);
    const both = await Promise.all([issue(admin, twice), issue(admin, twice)]);
    assert.deepEqual(both.map((a) => a.status).sort(), [200, 409]);
    assert.equal(both.find((a) => a.status === 200)?.body.data.attributes.number, 'INV-00010');
    // As the README's curl sends it: the JSON:API content type and no body.
    const withHeader = await issue(admin, stale, { 'content-type': 'application/vnd.api+json' });
    assert.equal(withHeader.status, 200, JSON.stringify(withHeader.body));
    assert.equal(withHeader.body.data.attributes.number, 'INV-00011');

    const stored = await suite.db
      .selectFrom('documents')
      .select('number')
      .where('number', 'is not', null)
      .where(
        'organization_id',
        '=',
        (
          await suite.db
            .selectFrom('documents')
            .select('organization_id')
            .where('id', '=', twice)
            .executeTakeFirstOrThrow()
        ).organization_id,
      )
      .execute();
    assert.equal(new Set(stored.map((r) => r.number)).size, 11);
  });

  it('counts each organization apart', async () => {
    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    await venueSettings(otherApi, other.orgId);
    const { booking } = await pricedBooking(otherApi, { name: 'Dunn', events: 1, linesPerEvent: 1 });
    const ids = [await draft(otherApi, booking), await draft(otherApi, booking)];
    const answers = await Promise.all(ids.map((id) => issue(otherApi, id)));
    assert.deepEqual(answers.map((a) => a.body.data.attributes.number).sort(), ['INV-00001', 'INV-00002']);
  });
});
