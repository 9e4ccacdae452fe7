/**
 * No space change leaves a double booking in place (issue 54's audit: unsharing a lawn that two
 * definite weddings held at once went through). A space that stops being shareable, or a part that
 * stops being shared under a combined space, while two definite bookings' events hold it at
 * overlapping times is a 409 `space_conflict` naming both bookings, at the API and on Settings →
 * Spaces, and nothing changes; with no such overlap the change goes through.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { fieldError, workspaceSession } from '../helpers/workspace-data.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  spaceDocument,
} from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Two families' }));
  });
  after(() => server.close());

  const definite = async (name: string, spaceId: string, start: string, end: string) => {
    const id = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { name, status: 'definite', start_at: start, end_at: end },
        { spaces: [spaceId] },
      ),
    );
    const read = await api<{ data: { attributes: { reference: string } } }>(`/v2/bookings/${id}`);
    return read.body.data.attributes.reference;
  };
  const unshare = (id: string) =>
    api<ErrorBody>(`/v2/spaces/${id}`, {
      method: 'PATCH',
      body: changeDocument('spaces', id, { shareable: false }),
    });
  const shareable = async (id: string) =>
    (await api<{ data: { attributes: { shareable: boolean } } }>(`/v2/spaces/${id}`)).body.data.attributes
      .shareable;

  it('refuses to stop sharing a lawn two definite bookings hold at once, naming both', async () => {
    const lawn = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Harbor Lawn', capacity: 200, shareable: true }),
    );
    const first = await definite('Brennan ceremony', lawn, '2027-06-12T16:00:00Z', '2027-06-12T17:00:00Z');
    const second = await definite('Osei ceremony', lawn, '2027-06-12T16:30:00Z', '2027-06-12T17:30:00Z');
    const refused = await unshare(lawn);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    const [error] = refused.body.errors;
    assert.equal(error?.code, 'space_conflict');
    assert.deepEqual(error?.source, { pointer: '/data/attributes/shareable' });
    assert.match(
      error?.detail ?? '',
      new RegExp(`^Harbor Lawn cannot stop being shared: ${first} \\(definite\\)`),
    );
    assert.match(error?.detail ?? '', new RegExp(`and ${second} \\(definite\\)`));
    assert.equal(await shareable(lawn), true, 'nothing changed');
  });

  it('refuses to stop sharing a part that a combined space’s booking and the part’s hold at once', async () => {
    const pergola = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Pergola', capacity: 40, shareable: true }),
    );
    const garden = await created(api, '/v2/spaces', {
      data: {
        type: 'spaces',
        attributes: { name: 'Whole garden', capacity: 120 },
        relationships: { parts: { data: [{ type: 'spaces', id: pergola }] } },
      },
    });
    const whole = await definite('Garden party', garden, '2027-07-03T12:00:00Z', '2027-07-03T18:00:00Z');
    const part = await definite('Pergola drinks', pergola, '2027-07-03T17:00:00Z', '2027-07-03T19:00:00Z');
    const refused = await unshare(pergola);
    assert.equal(refused.status, 409);
    const detail = refused.body.errors[0]?.detail ?? '';
    assert.ok(detail.includes(whole) && detail.includes(part), detail);
    assert.equal(await shareable(pergola), true);
  });

  it('lets a space stop being shared when no two definite bookings overlap in it', async () => {
    const terrace = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Terrace', capacity: 60, shareable: true }),
    );
    await definite('Morning coffee', terrace, '2027-08-01T08:00:00Z', '2027-08-01T10:00:00Z');
    await definite('Evening drinks', terrace, '2027-08-01T10:00:00Z', '2027-08-01T12:00:00Z');
    const changed = await unshare(terrace);
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(await shareable(terrace), false);
  });

  it('refuses it on Settings → Spaces too, beside the box, with both bookings linked', async () => {
    const foyer = await created(
      api,
      '/v2/spaces',
      spaceDocument({ name: 'Foyer', capacity: 80, shareable: true }),
    );
    const a = await definite('Launch drinks', foyer, '2027-09-09T18:00:00Z', '2027-09-09T20:00:00Z');
    const b = await definite('Gala drinks', foyer, '2027-09-09T19:00:00Z', '2027-09-09T21:00:00Z');
    const { session } = await workspaceSession(server, venue.user.email, venue.orgId);
    const path = `/orgs/${venue.orgId}/settings/spaces/${foyer}`;
    const form = await session.request(path);
    // The form as drawn, with the box unticked.
    const fields: Record<string, string> = { ...formFields(form.body, path), name: 'Foyer', capacity: '80' };
    delete fields.shareable;
    const refused = await session.request(path, { form: fields });
    assert.equal(refused.status, 409, refused.body.replace(/[\s\S]*<main/, '').slice(0, 1500));
    assert.equal(
      fieldError(refused.body, 'shareable'),
      `Foyer must stay shared while ${a} and ${b} hold it at once: move one of the events first.`,
    );
    assert.match(refused.body, /No longer shared, Foyer would be held at once by the definite booking/);
    assert.equal(await shareable(foyer), true);
  });
});
