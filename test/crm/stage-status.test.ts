/**
 * A stage may stand for a status (SPEC §15, src/crm/bookings/stage-status.ts), on both databases:
 * stages carry `status` (null, definite, lost), written on /v2/stages; the default pipeline's
 * "Won" stands for definite. Moving a booking into such a stage (its stage_id, or its stage
 * relationship) is that status move under §7's rules in the same unit of work — told as
 * booking.updated and booking.status_changed, its events following — and is refused with the
 * reason, its stage and status left as they were: a clash naming the other booking, a missing
 * lost_reason, a move its status does not allow, a stage and a status that disagree. A status
 * move puts the booking into its pipeline's first stage for that status, if it has one; created
 * and imported bookings land there too.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { csvFile, importJson } from '../csv/csv-fixtures.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  spaceDocument,
} from '../helpers/writes.js';

type Attributes = Record<string, unknown>;
const stageDocument = (attributes: Attributes) => ({ data: { type: 'stages', attributes } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;
  let hall: string;
  /** The default pipeline's stages by name, and Lost added to it. */
  let stage: Record<string, string>;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Hartley & Co' }));
    hall = await created(api, '/v2/spaces', spaceDocument({ name: 'Great Hall', capacity: 200 }));
    const stages = (await api<Many>('/v2/stages?sort=position')).body.data;
    stage = Object.fromEntries(stages.map((s) => [s.attributes.name as string, s.id]));
    stage.Lost = await created(
      api,
      '/v2/stages',
      stageDocument({ name: 'Lost', status: 'lost', pipeline_id: stages[0]!.attributes.pipeline_id }),
    );
  });
  after(() => server.close());

  const read = async (booking: string) =>
    (await api(`/v2/bookings/${booking}`)).body.data.attributes as Attributes;
  const placed = async (booking: string) => {
    const b = await read(booking);
    return [b.status, b.stage_id];
  };
  const newBooking = (attributes: Attributes = {}, spaces: string[] = []) =>
    created(api, '/v2/bookings', bookingDocument(account, attributes, { spaces }));
  const patch = (booking: string, attributes: Attributes, relationships?: Attributes) =>
    api<ErrorBody>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, attributes, relationships),
    });
  /** An instant after every change so far (the clock moved on a second). */
  const later = () => {
    server.clock.advance(1000);
    return new Date(server.clock.now()).toISOString();
  };
  const changesOf = async (booking: string, since: string) =>
    (
      await api<Many>(`/v2/changes?filter[created_at][gteq]=${since}&sort=created_at&page[size]=100`)
    ).body.data
      .map(
        (c) =>
          c.attributes as {
            change_type: string;
            data: { object: { id: string }; previous_attributes?: Attributes };
          },
      )
      .filter((c) => c.data.object.id === booking);

  it('serves and writes the status a stage stands for; the default pipeline’s Won stands for definite', async () => {
    const won = (await api(`/v2/stages/${stage.Won}`)).body.data.attributes as Attributes;
    assert.deepEqual([won.name, won.status], ['Won', 'definite']);
    assert.equal(
      ((await api(`/v2/stages/${stage['New inquiry']}`)).body.data.attributes as Attributes).status,
      null,
    );
    assert.equal(((await api(`/v2/stages/${stage.Lost}`)).body.data.attributes as Attributes).status, 'lost');
    const tasting = await created(
      api,
      '/v2/stages',
      stageDocument({
        name: 'Tasting',
        pipeline_id: (await api(`/v2/stages/${stage.Won}`)).body.data.attributes.pipeline_id,
      }),
    );
    assert.equal(((await api(`/v2/stages/${tasting}`)).body.data.attributes as Attributes).status, null);
    const bad = await api<ErrorBody>(`/v2/stages/${tasting}`, {
      method: 'PATCH',
      body: changeDocument('stages', tasting, { status: 'tentative' }),
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors[0]!.source?.pointer, '/data/attributes/status');
    const set = await api(`/v2/stages/${tasting}`, {
      method: 'PATCH',
      body: changeDocument('stages', tasting, { status: 'definite' }),
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal((set.body.data.attributes as Attributes).status, 'definite');
    const cleared = await api(`/v2/stages/${tasting}`, {
      method: 'PATCH',
      body: changeDocument('stages', tasting, { status: null }),
    });
    assert.equal((cleared.body.data.attributes as Attributes).status, null);
    assert.equal((await api(`/v2/stages/${tasting}`, { method: 'DELETE' })).status, 204);
  });

  it('confirms a booking moved into Won, in the same unit of work, told as updated and status_changed', async () => {
    const booking = await newBooking(
      { name: 'Okafor wedding', start_at: '2027-08-07T14:00:00Z', end_at: '2027-08-07T23:00:00Z' },
      [hall],
    );
    assert.deepEqual(await placed(booking), ['lead', stage['New inquiry']]);
    const since = later();
    const moved = await patch(booking, { stage_id: stage.Won });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(await placed(booking), ['definite', stage.Won]);
    const events = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking}`)).body.data;
    assert.deepEqual(
      events.map((e) => e.attributes.status),
      ['definite'],
      'its events follow its status',
    );
    const told = await changesOf(booking, since);
    assert.deepEqual(
      told.map((c) => [c.change_type, c.data.previous_attributes]),
      [
        [
          'booking.updated',
          {
            status: 'lead',
            stage_id: stage['New inquiry'],
            stage: { data: { type: 'stages', id: stage['New inquiry'] } },
          },
        ],
        ['booking.status_changed', { status: 'lead' }],
      ],
    );
    // By the relationship too: a tentative booking into Won.
    const other = await newBooking({
      name: 'Tentative dinner',
      status: 'tentative',
      start_at: '2027-09-01T18:00:00Z',
      end_at: '2027-09-01T22:00:00Z',
    });
    const byRelationship = await patch(other, {}, { stage: { data: { type: 'stages', id: stage.Won } } });
    assert.equal(byRelationship.status, 200, JSON.stringify(byRelationship.body));
    assert.deepEqual(await placed(other), ['definite', stage.Won]);
  });

  it('refuses a move into Won that would double-book a space, naming the other booking, the card left where it was', async () => {
    const first = await newBooking(
      {
        name: 'Harbour gala',
        status: 'definite',
        start_at: '2027-10-02T18:00:00Z',
        end_at: '2027-10-02T23:00:00Z',
      },
      [hall],
    );
    const firstReference = (await read(first)).reference as string;
    const second = await newBooking(
      {
        name: 'Clashing dinner',
        status: 'tentative',
        start_at: '2027-10-02T20:00:00Z',
        end_at: '2027-10-02T22:00:00Z',
      },
      [hall],
    );
    await patch(second, { stage_id: stage['Proposal sent'] });
    const since = later();
    const refused = await patch(second, { stage_id: stage.Won });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0]!.code, 'space_conflict');
    assert.match(
      refused.body.errors[0]!.detail,
      new RegExp(`Great Hall is already held by ${firstReference} \\(definite\\)`),
    );
    assert.deepEqual(await placed(second), ['tentative', stage['Proposal sent']]);
    assert.deepEqual(await changesOf(second, since), [], 'nothing told of a move that did not happen');
  });

  it('refuses a move into a stage standing for lost without a reason, and makes it with one', async () => {
    const booking = await newBooking({
      name: 'Lost lunch',
      start_at: '2027-11-01T12:00:00Z',
      end_at: '2027-11-01T15:00:00Z',
    });
    const refused = await patch(booking, { stage_id: stage.Lost });
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.errors.map((e) => [e.source?.pointer, e.code]),
      [['/data/attributes/lost_reason', 'required']],
    );
    assert.match(refused.body.errors[0]!.detail, /Lost stands for lost: Say why the booking was lost\./);
    assert.deepEqual(await placed(booking), ['lead', stage['New inquiry']]);
    const made = await patch(booking, { stage_id: stage.Lost, lost_reason: 'Chose another venue' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(await placed(booking), ['lost', stage.Lost]);
    // From lost, only back to lead: into Won is refused on the stage, saying which moves it has.
    const back = await patch(booking, { stage_id: stage.Won });
    assert.equal(back.status, 422);
    assert.deepEqual(
      back.body.errors.map((e) => [e.source?.pointer, e.code]),
      [['/data/attributes/stage_id', 'invalid_transition']],
    );
    assert.match(
      back.body.errors[0]!.detail,
      /^Won stands for definite: A lost booking can move to lead; not to definite\./,
    );
    const byRelationship = await patch(booking, {}, { stage: { data: { type: 'stages', id: stage.Won } } });
    assert.deepEqual(
      byRelationship.body.errors.map((e) => [e.source?.pointer, e.code]),
      [['/data/relationships/stage/data', 'invalid_transition']],
    );
    assert.deepEqual(await placed(booking), ['lost', stage.Lost]);
  });

  it('refuses a stage that stands for one status with another status given', async () => {
    const booking = await newBooking({
      name: 'Two minds',
      start_at: '2027-12-01T12:00:00Z',
      end_at: '2027-12-01T15:00:00Z',
    });
    const refused = await patch(booking, { stage_id: stage.Won, status: 'tentative' });
    assert.equal(refused.status, 422);
    assert.deepEqual(
      refused.body.errors.map((e) => [e.source?.pointer, e.code]),
      [['/data/attributes/stage_id', 'conflicting_values']],
    );
    assert.match(
      refused.body.errors[0]!.detail,
      /Won stands for definite, and the status given is tentative/,
    );
    // The same status as the stage's is no disagreement.
    const agreed = await patch(booking, { stage_id: stage.Won, status: 'definite' });
    assert.equal(agreed.status, 200, JSON.stringify(agreed.body));
    assert.deepEqual(await placed(booking), ['definite', stage.Won]);
  });

  it('puts a booking moved to a status in its pipeline’s first stage for it; one no stage stands for stays', async () => {
    const booking = await newBooking({
      name: 'Moving on',
      start_at: '2028-01-10T12:00:00Z',
      end_at: '2028-01-10T15:00:00Z',
    });
    await patch(booking, { stage_id: stage.Negotiating });
    assert.deepEqual(
      await placed(booking),
      ['lead', stage.Negotiating],
      'a stage standing for nothing moves no status',
    );
    assert.equal((await patch(booking, { status: 'tentative' })).status, 200);
    assert.deepEqual(
      await placed(booking),
      ['tentative', stage.Negotiating],
      'no stage stands for tentative',
    );
    const since = later();
    assert.equal((await patch(booking, { status: 'definite' })).status, 200);
    assert.deepEqual(await placed(booking), ['definite', stage.Won]);
    assert.deepEqual(
      (await changesOf(booking, since)).map((c) => [c.change_type, c.data.previous_attributes]),
      [
        [
          'booking.updated',
          {
            status: 'tentative',
            stage_id: stage.Negotiating,
            stage: { data: { type: 'stages', id: stage.Negotiating } },
          },
        ],
        ['booking.status_changed', { status: 'tentative' }],
      ],
    );
    assert.equal((await patch(booking, { status: 'lost', lost_reason: 'Budget' })).status, 200);
    assert.deepEqual(await placed(booking), ['lost', stage.Lost]);
    // A status move naming a stage of its own goes there.
    assert.equal((await patch(booking, { status: 'lead', stage_id: stage['Site visit'] })).status, 200);
    assert.deepEqual(await placed(booking), ['lead', stage['Site visit']]);

    // New bookings: a definite one lands in Won, a lead at the first stage.
    assert.deepEqual(
      await placed(
        await newBooking({
          name: 'Confirmed at once',
          status: 'definite',
          start_at: '2028-02-01T12:00:00Z',
          end_at: '2028-02-01T15:00:00Z',
        }),
      ),
      ['definite', stage.Won],
    );
    assert.deepEqual(await placed(await newBooking({ name: 'Just asking' })), ['lead', stage['New inquiry']]);
    // Made at Won, it is confirmed.
    const atWon = await created(
      api,
      '/v2/bookings',
      (() => {
        const body = bookingDocument(account, {
          name: 'Made at Won',
          start_at: '2028-03-01T12:00:00Z',
          end_at: '2028-03-01T15:00:00Z',
        });
        Object.assign(body.data.attributes, { stage_id: stage.Won });
        return body;
      })(),
    );
    assert.deepEqual(await placed(atWon), ['definite', stage.Won]);
  });

  it('lands a booking in the first stage for its status of its own pipeline', async () => {
    const corporate = await created(api, '/v2/pipelines', {
      data: { type: 'pipelines', attributes: { name: 'Corporate' } },
    });
    const enquiry = await created(
      api,
      '/v2/stages',
      stageDocument({ name: 'Enquiry', pipeline_id: corporate }),
    );
    const signed = await created(
      api,
      '/v2/stages',
      stageDocument({ name: 'Signed', pipeline_id: corporate, status: 'definite' }),
    );
    const booking = await newBooking({
      name: 'Board offsite',
      start_at: '2028-04-01T08:00:00Z',
      end_at: '2028-04-01T17:00:00Z',
    });
    await patch(booking, { stage_id: enquiry });
    assert.equal((await patch(booking, { status: 'definite' })).status, 200);
    assert.deepEqual(await placed(booking), ['definite', signed]);
  });

  it('lands imported bookings in the stage for their status, and keeps a stage the file gives', async () => {
    const file = csvFile(
      [
        'name,status,start_at,end_at,account_id,lost_reason',
        `Imported confirmed,definite,2028-05-01T18:00:00Z,2028-05-01T23:00:00Z,${account},`,
        `Imported enquiry,lead,2028-05-02T18:00:00Z,2028-05-02T23:00:00Z,${account},`,
        `Imported lost,lost,2028-05-03T18:00:00Z,2028-05-03T23:00:00Z,${account},Budget`,
      ].join('\n'),
    );
    const result = await importJson(suite.database.env, venue.orgId, 'bookings', file);
    assert.deepEqual(result.errors, []);
    const byName = async (name: string) => {
      const row = await suite.db
        .selectFrom('bookings')
        .select(['status', 'stage_id'])
        .where('organization_id', '=', venue.orgId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return [row.status, row.stage_id];
    };
    assert.deepEqual(await byName('Imported confirmed'), ['definite', stage.Won]);
    assert.deepEqual(await byName('Imported enquiry'), ['lead', stage['New inquiry']]);
    assert.deepEqual(await byName('Imported lost'), ['lost', stage.Lost]);
    const withStage = csvFile(
      [
        'name,status,start_at,end_at,account_id,stage_name',
        `Kept as exported,definite,2028-06-01T18:00:00Z,2028-06-01T23:00:00Z,${account},Proposal sent`,
      ].join('\n'),
    );
    assert.deepEqual((await importJson(suite.database.env, venue.orgId, 'bookings', withStage)).errors, []);
    assert.deepEqual(await byName('Kept as exported'), ['definite', stage['Proposal sent']]);
  });
});
