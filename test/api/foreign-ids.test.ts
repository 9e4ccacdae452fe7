/**
 * Another organization's space id is refused exactly like an id that does not exist (issue 46,
 * item 5): a booking that names it, with more guests than that foreign space takes, gets the same
 * errors as one naming a made-up id ("No space with the id … exists") and no capacity sentence,
 * which would reveal that the id exists elsewhere and how many it takes. Shown for POST and PATCH
 * /v2/bookings and for the workspace's New booking and Edit booking forms.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { newId } from '../../src/db/ids.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import { makeWorkspaceVenue, versionIn, workspaceSession } from '../helpers/workspace-data.js';
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

const FOREIGN_NAME = 'Their Tiny Snug';
const FOREIGN_CAPACITY = 10;
const GUESTS = 50;
const CAPACITY_SENTENCE = /guests do not fit|smallest of its spaces/;

/** An error list with `id` replaced, so the lists of two different ids can be compared. */
function withoutId(errors: ErrorBody['errors'], id: string): unknown {
  return JSON.parse(JSON.stringify(errors).split(id).join('<id>')) as unknown;
}

/** Every field error shown on a workspace page, as [field, message] pairs. */
function pageErrors(body: string): Array<[string, string]> {
  return [...body.matchAll(/<p class="field-error" id="field-([\w-]+)-error">([^<]*)<\/p>/g)].map(
    (m) => [m[1]!, m[2]!] as [string, string],
  );
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let theirApi: Api;
  let account: string;
  let ownSpace: string;
  let foreignSpace: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const mine = await makeVenue(suite.db);
    const theirs = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, mine), mine.orgId);
    theirApi = apiFor(server, await clientCredentialsToken(server, theirs), theirs.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Harbour Events' }));
    ownSpace = await created(api, '/v2/spaces', spaceDocument({ name: 'Great Hall', capacity: 500 }));
    foreignSpace = await created(
      theirApi,
      '/v2/spaces',
      spaceDocument({ name: FOREIGN_NAME, capacity: FOREIGN_CAPACITY }),
    );
  });
  after(() => server.close());

  /** Posts the same booking naming `space`; its refusal's errors. */
  async function refusedCreate(space: string): Promise<ErrorBody['errors']> {
    const response = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { guest_count: GUESTS }, { spaces: [space] }),
    });
    assert.equal(response.status, 422, JSON.stringify(response.body));
    return response.body.errors;
  }

  it('refuses a POST naming a foreign space with the errors of a made-up id, and no capacity', async () => {
    const madeUp = newId();
    const foreign = await refusedCreate(foreignSpace);
    const missing = await refusedCreate(madeUp);

    assert.deepEqual(withoutId(foreign, foreignSpace), withoutId(missing, madeUp));
    assert.deepEqual(
      foreign.map((e) => [e.source?.pointer, e.detail]),
      [
        [
          '/data/relationships/spaces/data',
          `No space with the id "${foreignSpace}" exists in this organization.`,
        ],
      ],
    );
    const text = JSON.stringify(foreign);
    assert.doesNotMatch(text, CAPACITY_SENTENCE, 'no capacity sentence');
    assert.ok(!text.includes(FOREIGN_NAME), 'the foreign space is not named');
    assert.ok(!text.includes(`takes ${FOREIGN_CAPACITY}`), 'its capacity is not revealed');
  });

  it('refuses a PATCH naming a foreign space with the errors of a made-up id, and no capacity', async () => {
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(account, { guest_count: 20 }, { spaces: [ownSpace] }),
    );
    const patch = async (space: string, attributes: Record<string, unknown>) => {
      const response = await api<ErrorBody>(`/v2/bookings/${booking}`, {
        method: 'PATCH',
        body: changeDocument('bookings', booking, attributes, {
          spaces: { data: [{ type: 'spaces', id: space }] },
        }),
      });
      assert.equal(response.status, 422, JSON.stringify(response.body));
      return response.body.errors;
    };
    // More guests given with the change, and the booking's own 20 guests kept (both over 10).
    for (const attributes of [{ guest_count: GUESTS }, {}]) {
      const madeUp = newId();
      const foreign = await patch(foreignSpace, attributes);
      const missing = await patch(madeUp, attributes);
      assert.deepEqual(withoutId(foreign, foreignSpace), withoutId(missing, madeUp));
      assert.deepEqual(
        foreign.map((e) => e.source?.pointer),
        ['/data/relationships/spaces/data'],
      );
      assert.match(foreign[0]!.detail, /^No space with the id ".+" exists in this organization\.$/);
      assert.doesNotMatch(JSON.stringify(foreign), CAPACITY_SENTENCE);
    }
    const kept = await api(`/v2/bookings/${booking}?include=spaces`);
    assert.equal(kept.status, 200);
    assert.equal(kept.body.data.attributes.guest_count, 20, 'the refused changes changed nothing');
  });

  it('refuses the workspace forms naming a foreign space like a made-up id, and no capacity', async () => {
    const venue = await makeWorkspaceVenue(suite.db, 'Form Venue');
    const o = `/orgs/${venue.orgId}`;
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const form = (space: string) => ({
      _csrf: csrf,
      name: 'Harbour gala',
      status: 'lead',
      account: venue.accountId,
      start_at: '2027-03-10T18:00',
      end_at: '2027-03-10T23:00',
      timezone: 'Europe/London',
      currency: 'GBP',
      guest_count: String(GUESTS),
      spaces: space,
    });

    const refusedForm = async (space: string) => {
      const page = await session.request(`${o}/bookings`, { form: form(space) });
      assert.equal(page.status, 422, page.body.slice(0, 300));
      return page.body;
    };
    const madeUp = newId();
    const foreign = await refusedForm(foreignSpace);
    const missing = await refusedForm(madeUp);
    const foreignErrors = pageErrors(foreign);
    assert.deepEqual(foreignErrors, [
      ['spaces', `No space with the id &quot;${foreignSpace}&quot; exists in this organization.`],
    ]);
    assert.deepEqual(
      pageErrors(foreign.split(foreignSpace).join('<id>')),
      pageErrors(missing.split(madeUp).join('<id>')),
    );
    assert.doesNotMatch(foreign, CAPACITY_SENTENCE, 'no capacity sentence on the page');
    assert.ok(!foreign.includes(FOREIGN_NAME), 'the foreign space is not named on the page');

    const edit = await session.request(`${o}/bookings/${venue.bookingId}/edit`);
    assert.equal(edit.status, 200);
    const saved = async (space: string) => {
      const page = await session.request(`${o}/bookings/${venue.bookingId}`, {
        form: {
          ...form(space),
          version: versionIn(edit.body),
          start_at: '2026-11-25T17:00',
          end_at: '2026-11-25T23:00',
        },
      });
      assert.equal(page.status, 422, page.body.slice(0, 300));
      return page.body;
    };
    const foreignEdit = await saved(foreignSpace);
    const missingEdit = await saved(madeUp);
    assert.deepEqual(
      pageErrors(foreignEdit).map(([field]) => field),
      ['spaces'],
    );
    assert.deepEqual(
      pageErrors(foreignEdit.split(foreignSpace).join('<id>')),
      pageErrors(missingEdit.split(madeUp).join('<id>')),
    );
    assert.doesNotMatch(foreignEdit, CAPACITY_SENTENCE);
    assert.ok(!foreignEdit.includes(FOREIGN_NAME));
  });
});
