/**
 * Pipelines, stages and referral sources (SPEC §15): every organization starts with the pipeline
 * "Sales" and its stages; members read them, admins write them; names are required, one line and
 * unique (in the organization; a stage's in its pipeline); a stage's pipeline is the
 * organization's; a stage or source that bookings use, a pipeline's last stage and the last
 * pipeline are not deleted. Each change is told as an event.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
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

const DEFAULT_STAGES = ['New inquiry', 'Site visit', 'Proposal sent', 'Negotiating', 'Won'];

const document = (type: string, attributes: Record<string, unknown>, relationships?: object) => ({
  data: { type, attributes, ...(relationships ? { relationships } : {}) },
});
const pipelineOf = (id: string) => ({ pipeline: { data: { type: 'pipelines', id } } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let elsewhere: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    const other = await makeVenue(suite.db);
    elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
  });
  after(() => server.close());

  async function salesPipeline(api: Api) {
    const pipelines = await api<Many>('/v2/pipelines');
    assert.equal(pipelines.status, 200, JSON.stringify(pipelines.body));
    const sales = pipelines.body.data.find((p) => p.attributes.name === 'Sales');
    assert.ok(sales, 'the organization has the pipeline Sales');
    const stages = await api<Many>(`/v2/stages?filter[pipeline_id][eq]=${sales.id}&sort=position`);
    return { pipeline: sales, stages: stages.body.data };
  }

  it('gives every organization the pipeline Sales with its stages in order, read by any member', async () => {
    const { pipeline, stages } = await salesPipeline(member);
    assert.deepEqual(
      stages.map((s) => s.attributes.name),
      DEFAULT_STAGES,
    );
    assert.deepEqual(
      stages.map((s) => s.attributes.position),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(Object.keys(stages[0]!.attributes).sort(), [
      'created_at',
      'name',
      'pipeline_id',
      'position',
      'status',
      'updated_at',
    ]);
    assert.deepEqual(
      stages.map((s) => s.attributes.status),
      [null, null, null, null, 'definite'],
      '"Won" stands for definite',
    );
    assert.equal(stages[0]!.attributes.pipeline_id, pipeline.id);
    assert.deepEqual(stages[0]!.relationships.pipeline!.data, { type: 'pipelines', id: pipeline.id });
    assert.deepEqual(
      (pipeline.relationships.stages!.data as Array<{ id: string }>).map((s) => s.id),
      stages.map((s) => s.id),
      'a pipeline names its stages in order',
    );
    const one = await member<{ data: unknown; included: Array<{ type: string; id: string }> }>(
      `/v2/stages/${stages[0]!.id}?include=pipeline`,
    );
    assert.equal(one.status, 200);
    assert.deepEqual(
      one.body.included.map((r) => [r.type, r.id]),
      [['pipelines', pipeline.id]],
    );
    assert.equal((await member('/v2/referral_sources')).status, 200);
    assert.equal((await member(`/v2/pipelines/${pipeline.id}`)).status, 200);
    // Another organization's records are not found.
    assert.equal((await elsewhere(`/v2/stages/${stages[0]!.id}`)).status, 404);
    assert.equal((await elsewhere(`/v2/pipelines/${pipeline.id}`)).status, 404);
  });

  it('lets admins alone write pipelines, stages and sources', async () => {
    const { pipeline, stages } = await salesPipeline(admin);
    for (const [method, path, body] of [
      ['POST', '/v2/pipelines', document('pipelines', { name: 'Weddings' })],
      ['PATCH', `/v2/pipelines/${pipeline.id}`, changeDocument('pipelines', pipeline.id, { name: 'X' })],
      ['POST', '/v2/stages', document('stages', { name: 'Tasting', pipeline_id: pipeline.id })],
      ['DELETE', `/v2/stages/${stages[1]!.id}`, undefined],
      ['POST', '/v2/referral_sources', document('referral_sources', { name: 'Website' })],
    ] as const) {
      const refused = await member<ErrorBody>(path, { method, ...(body ? { body } : {}) });
      assert.equal(refused.status, 403, `${method} ${path} by a member`);
      assert.equal(refused.body.errors[0]?.code, 'admin_only');
    }
  });

  it('creates, renames and orders pipelines and stages, names unique where they must be', async () => {
    const weddings = await created(admin, '/v2/pipelines', document('pipelines', { name: 'Weddings' }));
    const read = await admin(`/v2/pipelines/${weddings}`);
    assert.equal(read.body.data.attributes.position, 2, 'a new pipeline goes after the last');
    const taken = await admin<ErrorBody>('/v2/pipelines', {
      method: 'POST',
      body: document('pipelines', { name: ' Weddings ' }),
    });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.errors[0]?.code, 'taken');
    const blank = await admin<ErrorBody>('/v2/pipelines', {
      method: 'POST',
      body: document('pipelines', { name: '   ', position: -1 }),
    });
    assert.equal(blank.status, 422);
    assert.deepEqual(pointers(blank.body).sort(), ['/data/attributes/name', '/data/attributes/position']);
    const control = await admin<ErrorBody>('/v2/referral_sources', {
      method: 'POST',
      body: document('referral_sources', { name: 'Web\nsite' }),
    });
    assert.equal(control.status, 422);
    assert.equal(control.body.errors[0]?.code, 'control_character');

    // Stages: by attribute or by relationship; names unique in a pipeline, not across pipelines.
    const tasting = await created(
      admin,
      '/v2/stages',
      document('stages', { name: 'Tasting', pipeline_id: weddings }),
    );
    const tour = await created(
      admin,
      '/v2/stages',
      document('stages', { name: 'Tour' }, pipelineOf(weddings)),
    );
    const second = await admin(`/v2/stages/${tour}`);
    assert.equal(second.body.data.attributes.position, 2, 'a new stage goes after the last of its pipeline');
    assert.equal(second.body.data.attributes.pipeline_id, weddings);
    const again = await admin<ErrorBody>('/v2/stages', {
      method: 'POST',
      body: document('stages', { name: 'Tasting', pipeline_id: weddings }),
    });
    assert.equal(again.status, 422);
    assert.equal(again.body.errors[0]?.code, 'taken');
    const { pipeline: sales } = await salesPipeline(admin);
    await created(admin, '/v2/stages', document('stages', { name: 'Tasting', pipeline_id: sales.id }));

    const renamed = await admin(`/v2/stages/${tasting}`, {
      method: 'PATCH',
      body: changeDocument('stages', tasting, { name: 'Menu tasting', position: 7 }),
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.equal(renamed.body.data.attributes.name, 'Menu tasting');
    assert.equal(renamed.body.data.attributes.position, 7);
    const ordered = await admin<Many>(`/v2/stages?filter[pipeline_id][eq]=${weddings}&sort=position`);
    assert.deepEqual(
      ordered.body.data.map((s) => s.attributes.name),
      ['Tour', 'Menu tasting'],
    );
    const pipelineRenamed = await admin(`/v2/pipelines/${weddings}`, {
      method: 'PATCH',
      body: changeDocument('pipelines', weddings, { name: 'Wedding sales' }),
    });
    assert.equal(pipelineRenamed.body.data.attributes.name, 'Wedding sales');
  });

  it("refuses a stage without a pipeline, or with another organization's, at the pointer used", async () => {
    const { pipeline: theirs } = await salesPipeline(elsewhere);
    const none = await admin<ErrorBody>('/v2/stages', {
      method: 'POST',
      body: document('stages', { name: 'Limbo' }),
    });
    assert.equal(none.status, 422);
    assert.deepEqual(pointers(none.body), ['/data/relationships/pipeline/data']);
    assert.equal(none.body.errors[0]?.code, 'required');
    const byAttribute = await admin<ErrorBody>('/v2/stages', {
      method: 'POST',
      body: document('stages', { name: 'Limbo', pipeline_id: theirs.id }),
    });
    assert.equal(byAttribute.status, 422);
    assert.deepEqual(pointers(byAttribute.body), ['/data/attributes/pipeline_id']);
    const byRelationship = await admin<ErrorBody>('/v2/stages', {
      method: 'POST',
      body: document('stages', { name: '' }, pipelineOf(theirs.id)),
    });
    assert.equal(byRelationship.status, 422);
    assert.deepEqual(pointers(byRelationship.body).sort(), [
      '/data/attributes/name',
      '/data/relationships/pipeline/data',
    ]);
    assert.match(byRelationship.body.errors.find((e) => e.code === 'not_found')!.detail, /No pipeline/);
  });

  it('refuses deleting a stage or source in use, the last stage of a pipeline and the last pipeline', async () => {
    const other = await makeVenue(suite.db);
    const api = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const { pipeline, stages } = await salesPipeline(api);
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Acme' }));
    const website = await created(
      api,
      '/v2/referral_sources',
      document('referral_sources', { name: 'Website' }),
    );
    const booking = bookingDocument(account, {});
    Object.assign(booking.data.attributes, { stage_id: stages[2]!.id, referral_source_id: website });
    await created(api, '/v2/bookings', booking);

    const inUse = await api<ErrorBody>(`/v2/stages/${stages[2]!.id}`, { method: 'DELETE' });
    assert.equal(inUse.status, 409);
    assert.equal(inUse.body.errors[0]?.code, 'stage_in_use');
    assert.match(inUse.body.errors[0]!.detail, /1 booking is at Proposal sent/);
    const sourceInUse = await api<ErrorBody>(`/v2/referral_sources/${website}`, { method: 'DELETE' });
    assert.equal(sourceInUse.status, 409);
    assert.equal(sourceInUse.body.errors[0]?.code, 'referral_source_in_use');
    const lastPipeline = await api<ErrorBody>(`/v2/pipelines/${pipeline.id}`, { method: 'DELETE' });
    assert.equal(lastPipeline.status, 409);
    assert.equal(lastPipeline.body.errors[0]?.code, 'last_pipeline');

    const unused = await created(api, '/v2/referral_sources', document('referral_sources', { name: 'Fair' }));
    assert.equal((await api(`/v2/referral_sources/${unused}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/stages/${stages[1]!.id}`, { method: 'DELETE' })).status, 204);

    const second = await created(api, '/v2/pipelines', document('pipelines', { name: 'Corporate' }));
    const only = await created(api, '/v2/stages', document('stages', { name: 'Brief', pipeline_id: second }));
    const last = await api<ErrorBody>(`/v2/stages/${only}`, { method: 'DELETE' });
    assert.equal(last.status, 409);
    assert.equal(last.body.errors[0]?.code, 'last_stage');
    const moveLast = await api<ErrorBody>(`/v2/stages/${only}`, {
      method: 'PATCH',
      body: changeDocument('stages', only, { pipeline_id: pipeline.id }),
    });
    assert.equal(moveLast.status, 422);
    assert.equal(moveLast.body.errors[0]?.code, 'last_stage');
    const busy = await api<ErrorBody>(`/v2/pipelines/${pipeline.id}`, { method: 'DELETE' });
    assert.equal(busy.status, 409);
    assert.equal(busy.body.errors[0]?.code, 'pipeline_in_use');
    // A pipeline no booking is in goes, with its stages.
    assert.equal((await api(`/v2/pipelines/${second}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/stages/${only}`)).status, 404);
  });

  it('tells each change as an event', async () => {
    const other = await makeVenue(suite.db);
    const api = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const pipeline = await created(api, '/v2/pipelines', document('pipelines', { name: 'Events' }));
    const stage = await created(
      api,
      '/v2/stages',
      document('stages', { name: 'Brief', pipeline_id: pipeline }),
    );
    const source = await created(api, '/v2/referral_sources', document('referral_sources', { name: 'Web' }));
    await api(`/v2/stages/${stage}`, {
      method: 'PATCH',
      body: changeDocument('stages', stage, { name: 'Briefing' }),
    });
    await api(`/v2/referral_sources/${source}`, { method: 'DELETE' });
    const changes = await api<{ data: Array<{ attributes: { change_type: string } }> }>(
      '/v2/changes?page[size]=100&sort=created_at',
    );
    assert.equal(changes.status, 200, JSON.stringify(changes.body));
    assert.deepEqual(
      changes.body.data.map((c) => c.attributes.change_type),
      [
        'pipeline.created',
        'stage.created',
        'referral_source.created',
        'stage.updated',
        'referral_source.deleted',
      ],
    );
  });
});
