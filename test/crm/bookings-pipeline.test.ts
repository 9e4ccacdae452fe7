/**
 * A booking's place in the sales pipeline and where it came from (SPEC §15): `stage_id` and
 * `referral_source_id` as attributes and as the relationships `stage` and `referral_source`,
 * read, filtered, included and written either way; a new booking named in no stage goes to the
 * first stage of the first pipeline; another organization's id is a 422 at the pointer used.
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
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  pointers,
} from '../helpers/writes.js';

const sourceDocument = (name: string) => ({ data: { type: 'referral_sources', attributes: { name } } });

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let elsewhere: Api;
  let account: string;
  let stages: string[];
  let website: string;
  let theirStage: string;
  let theirSource: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const other = await makeVenue(suite.db);
    elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Acme' }));
    stages = (await api<Many>('/v2/stages?sort=position')).body.data.map((s) => s.id);
    website = await created(api, '/v2/referral_sources', sourceDocument('Website'));
    theirStage = (await elsewhere<Many>('/v2/stages')).body.data[0]!.id;
    theirSource = await created(elsewhere, '/v2/referral_sources', sourceDocument('Fair'));
  });
  after(() => server.close());

  const withPlace = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => {
    const body = bookingDocument(account, {});
    Object.assign(body.data.attributes, attributes);
    Object.assign(body.data.relationships, relationships);
    return body;
  };
  const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

  it('puts a new booking named in no stage at the first stage of the first pipeline', async () => {
    const response = await api('/v2/bookings', { method: 'POST', body: bookingDocument(account, {}) });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.data.attributes.stage_id, stages[0]);
    assert.equal(response.body.data.attributes.referral_source_id, null);
    assert.deepEqual(response.body.data.relationships!.stage!.data, { type: 'stages', id: stages[0] });
    assert.deepEqual(response.body.data.relationships!.referral_source!.data, null);
  });

  it('takes the stage and source as attributes or as relationships, and changes them either way', async () => {
    const byAttribute = await api('/v2/bookings', {
      method: 'POST',
      body: withPlace({ stage_id: stages[2], referral_source_id: website }),
    });
    assert.equal(byAttribute.status, 201, JSON.stringify(byAttribute.body));
    assert.equal(byAttribute.body.data.attributes.stage_id, stages[2]);
    assert.equal(byAttribute.body.data.attributes.referral_source_id, website);
    const byRelationship = await api('/v2/bookings', {
      method: 'POST',
      body: withPlace(
        {},
        { stage: one('stages', stages[3]!), referral_source: one('referral_sources', website) },
      ),
    });
    assert.equal(byRelationship.status, 201, JSON.stringify(byRelationship.body));
    assert.equal(byRelationship.body.data.attributes.stage_id, stages[3]);
    const id = byRelationship.body.data.id;
    const moved = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { stage_id: stages[4] }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.data.attributes.stage_id, stages[4]);
    const cleared = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument(
        'bookings',
        id,
        {},
        { stage: one('stages', stages[1]!), referral_source: one('referral_sources', null) },
      ),
    });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.data.attributes.stage_id, stages[1]);
    assert.equal(cleared.body.data.attributes.referral_source_id, null);
    // An update that names neither leaves them as they are.
    const renamed = await api(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { name: 'Renamed' }),
    });
    assert.equal(renamed.body.data.attributes.stage_id, stages[1]);
  });

  it('filters by stage and source and includes them', async () => {
    const id = await created(
      api,
      '/v2/bookings',
      withPlace({ stage_id: stages[1], referral_source_id: website }),
    );
    const atStage = await api<Many>(
      `/v2/bookings?filter[stage_id][eq]=${stages[1]}&include=stage,referral_source`,
    );
    assert.equal(atStage.status, 200, JSON.stringify(atStage.body));
    assert.ok(atStage.body.data.some((b) => b.id === id));
    assert.ok(atStage.body.data.every((b) => b.attributes.stage_id === stages[1]));
    assert.deepEqual((atStage.body.included ?? []).map((r) => r.type).sort(), ['referral_sources', 'stages']);
    const fromSource = await api<Many>(`/v2/bookings?filter[referral_source_id][eq]=${website}`);
    assert.ok(fromSource.body.data.length >= 1);
    assert.ok(fromSource.body.data.every((b) => b.attributes.referral_source_id === website));
    const unplaced = await api<Many>('/v2/bookings?filter[referral_source_id][null]=true');
    assert.ok(unplaced.body.data.every((b) => b.attributes.referral_source_id === null));
  });

  it("refuses another organization's stage or source at the pointer used, every one at once", async () => {
    const byAttribute = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: withPlace({ stage_id: theirStage, referral_source_id: theirSource }),
    });
    assert.equal(byAttribute.status, 422);
    assert.deepEqual(pointers(byAttribute.body).sort(), [
      '/data/attributes/referral_source_id',
      '/data/attributes/stage_id',
    ]);
    assert.doesNotMatch(JSON.stringify(byAttribute.body), /Fair|Sales/, 'nothing of theirs is revealed');
    const byRelationship = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: withPlace(
        {},
        { stage: one('stages', theirStage), referral_source: one('referral_sources', 'no-such-source') },
      ),
    });
    assert.equal(byRelationship.status, 422);
    assert.deepEqual(pointers(byRelationship.body).sort(), [
      '/data/relationships/referral_source/data',
      '/data/relationships/stage/data',
    ]);
    const id = await created(api, '/v2/bookings', bookingDocument(account, {}));
    const patch = await api<ErrorBody>(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { stage_id: theirStage }),
    });
    assert.equal(patch.status, 422);
    assert.deepEqual(pointers(patch.body), ['/data/attributes/stage_id']);
    const both = await api<ErrorBody>(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { stage_id: stages[1] }, { stage: one('stages', stages[2]!) }),
    });
    assert.equal(both.status, 422);
    assert.equal(both.body.errors[0]?.code, 'conflicting_values');
  });
});
