/**
 * Task changes reach webhooks (SPEC §8, §18): an endpoint that asks for task.created, task.updated
 * and task.deleted is given a delivery of each, and one that asks for other types none.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';

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

  const endpoint = (events: string[]) =>
    created(api, '/v2/webhook_endpoints', {
      data: { type: 'webhook_endpoints', attributes: { url: 'https://8.8.8.8/hooks', events } },
    });

  it('delivers task.created, task.updated and task.deleted to an endpoint that asks for them', async () => {
    const tasks = await endpoint(['task.created', 'task.updated', 'task.deleted']);
    const notes = await endpoint(['note.created']);
    const id = await created(api, '/v2/tasks', {
      data: { type: 'tasks', attributes: { title: 'Order linen' } },
    });
    const patched = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { title: 'Order the linen' }),
    });
    assert.equal(patched.status, 200);
    assert.equal((await api(`/v2/tasks/${id}`, { method: 'DELETE' })).status, 204);
    const delivered = await suite.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('changes as c', 'c.id', 'd.change_id')
      .select(['d.endpoint_id', 'c.type', 'c.data'])
      .where('d.endpoint_id', 'in', [tasks, notes])
      .orderBy('c.id')
      .execute();
    assert.deepEqual(
      delivered.map((d) => [d.endpoint_id, d.type]),
      [
        [tasks, 'task.created'],
        [tasks, 'task.updated'],
        [tasks, 'task.deleted'],
      ],
    );
    const updated = JSON.parse(delivered[1]!.data) as {
      previous_attributes: Record<string, unknown>;
    };
    assert.deepEqual(updated.previous_attributes, { title: 'Order linen' });
  });
});
