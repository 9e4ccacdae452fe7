/**
 * The organization's sending window (SPEC §18): GET /v2/organization shows the default (weekdays
 * 09:00–17:00) until its admins set one with PATCH, and again after they set it to null; every bad part of a window is refused at its
 * own pointer in one 422; and an automation's `wait` kept to the sending window ends at the
 * organization's window's next opening in the venue's zone, not the default's.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { automationJobHandlers } from '../../src/crm/automations/index.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  pointers,
  type ResourceBody,
} from '../helpers/writes.js';
import { silent } from '../jobs/job-fixtures.js';

/** Monday 2 June 2031, 10:00 in New York (EDT): inside the default window, outside Saturday's. */
const START = Date.parse('2031-06-02T14:00:00.000Z');

interface Run {
  attributes: { state: string; next_at: string | null };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.stopAt(START);
    venue = await makeVenue(suite.db);
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
  });
  after(() => server.close());

  const patch = (attributes: Record<string, unknown>) =>
    admin<ResourceBody>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, attributes),
    });
  const windowShown = async () => {
    const response = await admin<ResourceBody>('/v2/organization');
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.attributes.sending_window;
  };

  it('shows the default window until one is set, then the one set', async () => {
    assert.deepEqual(await windowShown(), { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' });
    const response = await patch({ sending_window: { days: [3, 1], start: '08:30', end: '18:00' } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const expected = { days: [1, 3], start: '08:30', end: '18:00' };
    assert.deepEqual(response.body.data.attributes.sending_window, expected);
    assert.deepEqual(await windowShown(), expected);
  });

  it('goes back to the default window when PATCH sets it to null', async () => {
    const set = await patch({ sending_window: { days: [6, 7], start: '10:00', end: '14:00' } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const reset = await patch({ sending_window: null });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const defaults = { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
    assert.deepEqual(reset.body.data.attributes.sending_window, defaults);
    assert.deepEqual(await windowShown(), defaults);
    const stored = await suite.db
      .selectFrom('organizations')
      .select('sending_window')
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(stored.sending_window, null);
  });

  it('refuses every bad part of a window at its pointer at once, changing nothing', async () => {
    const before = await windowShown();
    const bad = await patch({ sending_window: { days: [0, 3, 3], start: '9am', end: '24:00' } });
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
    assert.deepEqual(pointers(bad.body).sort(), [
      '/data/attributes/sending_window/days',
      '/data/attributes/sending_window/end',
      '/data/attributes/sending_window/start',
    ]);
    const backwards = await patch({ sending_window: { days: [], start: '17:00', end: '09:00' } });
    assert.equal(backwards.status, 422, JSON.stringify(backwards.body));
    assert.deepEqual(pointers(backwards.body).sort(), [
      '/data/attributes/sending_window/days',
      '/data/attributes/sending_window/end',
    ]);
    const repeated = await patch({ sending_window: { days: [2, 2], start: '10:00', end: '10:00' } });
    assert.equal(repeated.status, 422, JSON.stringify(repeated.body));
    assert.deepEqual(pointers(repeated.body).sort(), [
      '/data/attributes/sending_window/days',
      '/data/attributes/sending_window/end',
    ]);
    assert.deepEqual(await windowShown(), before);
  });

  it('ends a wait kept to the sending window at the organization’s window in the venue’s zone', async () => {
    const response = await patch({
      timezone: 'America/New_York',
      sending_window: { days: [6], start: '10:00', end: '12:00' },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const runner = new JobRunner({
      writer: { db: suite.db, clock: server.clock },
      logger: silent,
      handlers: automationJobHandlers({ rendering: server.app.ctx, sending: false, baseUrl: server.url }),
      retrySchedule: [5],
      pollMs: 60_000,
    });
    const automation = await created(api, '/v2/automations', {
      data: {
        type: 'automations',
        attributes: {
          enabled: true,
          name: 'Saturday note',
          trigger: { type: 'booking.created', sources: ['api'] },
          steps: [
            { type: 'wait', hours: 1, in_sending_window: true },
            { type: 'add_note', body: 'Sent in the window.' },
          ],
        },
      },
    });
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Okafor family' }));
    await created(api, '/v2/bookings', bookingDocument(account, { name: 'Okafor party' }));
    for (let ran = await runner.drain(); ran > 0; ran = await runner.drain());
    const runs = await api<{ data: Run[] }>(`/v2/automation_runs?filter[automation_id][eq]=${automation}`);
    assert.equal(runs.status, 200, JSON.stringify(runs.body));
    assert.equal(runs.body.data.length, 1);
    assert.equal(runs.body.data[0]!.attributes.state, 'waiting');
    // Monday 11:00 EDT is outside Saturday 10:00–12:00: the next opening is Saturday 7 June, 10:00 EDT.
    assert.equal(runs.body.data[0]!.attributes.next_at, '2031-06-07T14:00:00.000Z');
  });
});
