/**
 * The pipeline pages (SPEC §15, §9) over HTTP. Settings → Pipelines, for admins: the pipelines
 * with their stages in order, adding, renaming, moving up and down and deleting stages, adding
 * and renaming pipelines, referral sources added, renamed and deleted, with the API's rules (a
 * name unique, a stage in use not deleted). The board: a column per stage of the chosen
 * pipeline, each open booking a card; moving a card is a form post that changes the stage; a
 * booking created over the API at a stage shows in its column. A booking's page and form show
 * and change its stage and referral source.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { newId } from '../../src/db/ids.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { apiFor, bookingDocument, created } from '../helpers/writes.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Pipeline Venue');
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  const stagesOf = async (pipelineName = 'Sales') =>
    suite.db
      .selectFrom('stages as s')
      .innerJoin('pipelines as p', 'p.id', 's.pipeline_id')
      .select(['s.id', 's.name', 's.position'])
      .where('p.organization_id', '=', venue.orgId)
      .where('p.name', '=', pipelineName)
      .orderBy('s.position')
      .orderBy('s.id')
      .execute();

  const admin = async () => (await workspaceSession(server, venue.admin.email, venue.orgId)).session;

  /** Posts the form whose action is `action` on the page at `path`, with `given`. */
  async function post(path: string, action: string, given: Record<string, string>) {
    const session = await admin();
    const page = await session.request(path);
    assert.equal(page.status, 200, page.body);
    return session.request(action, { form: { ...formFields(page.body, action), ...given } });
  }

  it('lists the pipelines with their stages in order, to admins only', async () => {
    const session = await admin();
    const page = await session.request(`${o}/settings/pipelines`);
    assert.equal(page.status, 200);
    assert.match(
      text(page.body),
      /Sales .*Stages, in order.*New inquiry.*Site visit.*Proposal sent.*Negotiating.*Won.*Referral sources/,
    );
    assert.match(page.body, /<a href="[^"]*\/settings\/pipelines" aria-current="page">Pipelines<\/a>/);
    const { session: member } = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await member.request(`${o}/settings/pipelines`)).status, 403);
    const refused = await member.request(`${o}/settings/pipelines`, { form: { name: 'Sneaky' } });
    assert.equal(refused.status, 403);
  });

  it('adds, renames, moves and deletes stages, and adds and renames pipelines', async () => {
    const sales = await suite.db
      .selectFrom('pipelines')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    const settings = `${o}/settings/pipelines`;
    const added = await post(settings, `${settings}/${sales.id}/stages`, { name: 'Tasting' });
    assert.equal(added.status, 303, added.body);
    assert.deepEqual(
      (await stagesOf()).map((s) => s.name),
      ['New inquiry', 'Site visit', 'Proposal sent', 'Negotiating', 'Won', 'Tasting'],
    );
    const tasting = (await stagesOf()).find((s) => s.name === 'Tasting')!;
    const moved = await post(settings, `${o}/settings/stages/${tasting.id}/move`, { direction: 'up' });
    assert.equal(moved.status, 303, moved.body);
    assert.deepEqual((await stagesOf()).map((s) => s.name).slice(-2), ['Tasting', 'Won']);
    const renamed = await post(settings, `${o}/settings/stages/${tasting.id}`, { name: 'Menu tasting' });
    assert.equal(renamed.status, 303, renamed.body);
    // A name another stage of the pipeline has: refused beside the field, nothing changed.
    const taken = await post(settings, `${o}/settings/stages/${tasting.id}`, { name: 'Won' });
    assert.equal(taken.status, 422);
    assert.match(
      taken.body,
      new RegExp(
        `id="stage-${tasting.id}-name"[^>]*aria-invalid="true" aria-describedby="stage-${tasting.id}-name-error"`,
      ),
    );
    assert.match(text(taken.body), /Another stage of this pipeline is called "Won" already/);
    assert.ok((await stagesOf()).some((s) => s.name === 'Menu tasting'));

    const confirm = await (await admin()).request(`${o}/settings/stages/${tasting.id}/delete`);
    assert.equal(confirm.status, 200);
    const deleted = await post(
      `${o}/settings/stages/${tasting.id}/delete`,
      `${o}/settings/stages/${tasting.id}/delete`,
      {},
    );
    assert.equal(deleted.status, 303, deleted.body);
    assert.ok(!(await stagesOf()).some((s) => s.id === tasting.id));

    const pipeline = await post(settings, settings, { name: 'Corporate' });
    assert.equal(pipeline.status, 303, pipeline.body);
    const blank = await post(settings, settings, { name: '  ' });
    assert.equal(blank.status, 422);
    assert.match(text(blank.body), /A pipeline needs a name/);
    const corporate = await suite.db
      .selectFrom('pipelines')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .where('name', '=', 'Corporate')
      .executeTakeFirstOrThrow();
    const renamedPipeline = await post(settings, `${settings}/${corporate.id}`, { name: 'Corporate events' });
    assert.equal(renamedPipeline.status, 303, renamedPipeline.body);
    assert.match(text((await (await admin()).request(settings)).body), /Corporate events/);
  });

  it('refuses deleting a stage that bookings are at, in a sentence', async () => {
    // The venue's definite booking is at Won, which stands for definite.
    const won = (await stagesOf()).find((s) => s.name === 'Won')!;
    const refused = await post(
      `${o}/settings/stages/${won.id}/delete`,
      `${o}/settings/stages/${won.id}/delete`,
      {},
    );
    assert.equal(refused.status, 409);
    assert.match(text(refused.body), /at Won; move (it|them) to another stage first/);
  });

  it('adds, renames and deletes referral sources', async () => {
    const settings = `${o}/settings/pipelines`;
    const action = `${o}/settings/referral-sources`;
    assert.equal((await post(settings, action, { name: 'Website' })).status, 303);
    const again = await post(settings, action, { name: 'Website' });
    assert.equal(again.status, 422);
    assert.match(
      text(again.body),
      /Another referral source of this organization is called "Website" already/,
    );
    const source = await suite.db
      .selectFrom('referral_sources')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal((await post(settings, `${action}/${source.id}`, { name: 'Our website' })).status, 303);
    assert.match(text((await (await admin()).request(settings)).body), /Our website/);
    const deleted = await post(`${action}/${source.id}/delete`, `${action}/${source.id}/delete`, {});
    assert.equal(deleted.status, 303, deleted.body);
    assert.equal(
      (await suite.db.selectFrom('referral_sources').select('id').where('id', '=', source.id).execute())
        .length,
      0,
    );
  });

  it('shows a booking created over the API at a stage in its column, and moves a card by a form post', async () => {
    const stages = await stagesOf();
    const proposal = stages.find((s) => s.name === 'Proposal sent')!;
    const negotiating = stages.find((s) => s.name === 'Negotiating')!;
    const api = apiFor(server, await clientCredentialsToken(server, await apiVenue()), venue.orgId);
    const body = bookingDocument(venue.accountId, {
      name: 'Harbour gala',
      guest_count: 140,
      total_amount: 1_250_000,
    });
    Object.assign(body.data.attributes, { stage_id: proposal.id, currency: 'GBP' });
    const id = await created(api, '/v2/bookings', body);

    const session = await admin();
    const board = await session.request(`${o}/pipeline`);
    assert.equal(board.status, 200, board.body);
    const column = (page: string, stageId: string) => {
      const start = page.indexOf(`id="stage-${stageId}"`);
      return page.slice(start, page.indexOf('</section>', start));
    };
    const card = column(board.body, proposal.id);
    assert.match(text(card), /Harbour gala/);
    assert.match(card, new RegExp(`href="${o}/bookings/${id}"`));
    assert.match(text(card), /Guests 140/);
    assert.match(text(card), /£12,500\.00/);
    assert.match(text(card), /Tue 1 Jun 2027/, 'its first date in the venue’s time zone');
    assert.doesNotMatch(text(column(board.body, negotiating.id)), /Harbour gala/);

    const action = `${o}/pipeline/bookings/${id}`;
    const moved = await session.request(action, {
      form: { ...formFields(board.body, action), stage_id: negotiating.id },
    });
    assert.equal(moved.status, 303, moved.body);
    const row = await suite.db
      .selectFrom('bookings')
      .select('stage_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.stage_id, negotiating.id);
    const after = await session.follow(moved.location!);
    assert.match(text(column(after.body, negotiating.id)), /Harbour gala/);
    assert.doesNotMatch(text(column(after.body, proposal.id)), /Harbour gala/);
    // A move from a board drawn before that one is refused: the card changed since.
    const stale = await session.request(action, {
      form: { ...formFields(board.body, action), stage_id: proposal.id },
    });
    assert.equal(stale.status, 412);
    assert.match(text(stale.body), /changed after this board was drawn/);
  });

  it("shows a booking's stage and referral source on its page and changes them on its form", async () => {
    const stages = await stagesOf();
    const source = await suite.db
      .insertInto('referral_sources')
      .values({
        id: newId(),
        organization_id: venue.orgId,
        name: 'Wedding fair',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Fair wedding',
      start_at: '2027-05-01T12:00:00Z',
      end_at: '2027-05-01T22:00:00Z',
      accountId: venue.accountId,
    });
    const session = await admin();
    const page = await session.request(`${o}/bookings/${booking.id}`);
    assert.match(text(page.body), /Stage Sales › New inquiry/);
    const edit = `${o}/bookings/${booking.id}/edit`;
    const form = await session.request(edit);
    assert.match(form.body, /<select id="field-stage_id" name="stage_id"/);
    const fields = Object.fromEntries(
      ['name', 'start_at', 'end_at', 'timezone', 'account', 'currency'].map((name) => {
        const input = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form.body)?.[1];
        const select = new RegExp(`name="${name}"[\\s\\S]*?<option value="([^"]*)" selected`).exec(
          form.body,
        )?.[1];
        return [name, input ?? select ?? ''];
      }),
    );
    const saved = await session.request(`${o}/bookings/${booking.id}`, {
      form: {
        ...formFields(form.body, `${o}/bookings/${booking.id}`),
        ...fields,
        stage_id: stages[1]!.id,
        referral_source_id: source.id,
      },
    });
    assert.equal(saved.status, 303, text(saved.body).slice(0, 2000));
    const shown = text((await session.request(`${o}/bookings/${booking.id}`)).body);
    assert.match(shown, /Stage Sales › Site visit/);
    assert.match(shown, /Referral source Wedding fair/);
  });

  /** The venue as the OAuth helpers know it, for an API token in the same organization. */
  async function apiVenue() {
    const integration = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    return {
      orgId: venue.orgId,
      user: venue.admin,
      privateClient: {
        id: integration.integration.id,
        clientId: integration.integration.clientId,
        clientSecret: integration.clientSecret,
      },
    } as never;
  }
});
