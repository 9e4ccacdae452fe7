/**
 * The pipeline board and Settings → Pipelines with stages that stand for a status (SPEC §15), over
 * HTTP against the real server, on both databases. Each column is headed by how many open bookings
 * it holds and their value per currency (a booking's grand total, or its estimate while it has no
 * lines), counting all of them. A card moved into "Won" confirms its booking; a refused move says
 * why — the definite booking whose space it would take, the reason a lost booking needs — and the
 * card stays where it was, nothing changed. A booking confirmed from its page goes to Won, and one
 * put back to tentative leaves it for the last stage before it that stands for no status (a lost
 * one reopened leaves Lost the same way). Admins say which status a stage stands for.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createStage } from '../../src/crm/pipelines/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { bookingRow } from '../helpers/factories.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

/** The column of a stage on a board page. */
const column = (page: string, stageId: string) => {
  const start = page.indexOf(`aria-labelledby="stage-${stageId}"`);
  assert.ok(start >= 0, `a column for ${stageId}`);
  return page.slice(start, page.indexOf('</section>', start));
};

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let stage: Record<string, string>;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Board Rooms');
    o = `/orgs/${venue.orgId}`;
    const rows = await suite.db
      .selectFrom('stages')
      .select(['id', 'name'])
      .where('organization_id', '=', venue.orgId)
      .execute();
    stage = Object.fromEntries(rows.map((s) => [s.name, s.id]));
  });
  after(() => server.close());

  const admin = async () => (await workspaceSession(server, venue.admin.email, venue.orgId)).session;
  const placed = async (id: string) => {
    const row = await suite.db
      .selectFrom('bookings')
      .select(['status', 'stage_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return [row.status, row.stage_id];
  };
  const booking = (name: string, extra: Parameters<typeof addBooking>[2] = {}) =>
    addBooking(suite.db, venue.actor, {
      name,
      start_at: '2027-05-01T12:00:00Z',
      end_at: '2027-05-01T16:00:00Z',
      accountId: venue.accountId,
      ...extra,
    });

  it('heads each column with its count and its value per currency, lines’ grand total before the estimate', async () => {
    const proposal = { stage_id: stage['Proposal sent']! };
    await booking('Estimate in pounds', { ...proposal, currency: 'GBP', total_amount: 1_250_000 });
    await booking('Another in pounds', { ...proposal, currency: 'GBP', total_amount: 500_000 });
    await booking('In dollars', { ...proposal, currency: 'USD', total_amount: 300_000 });
    const priced = await booking('Priced by lines', { ...proposal, currency: 'GBP', total_amount: 999_999 });
    await write({ db: suite.db, clock: systemClock }, venue.actor, createLineItem, {
      bookingId: priced.id,
      name: 'Room hire',
      category: 'rental',
      unit_price: 20_000,
    });
    await booking('Lost one', { ...proposal, status: 'lost', lost_reason: 'Budget', history: true });
    const session = await admin();
    const board = await session.request(`${o}/pipeline`);
    assert.equal(board.status, 200, board.body);
    // 12,500.00 + 5,000.00 + 200.00 (its lines, not its estimate) in pounds; the lost one is not open.
    assert.match(
      text(column(board.body, stage['Proposal sent']!)),
      /Proposal sent 4 bookings · £17,700\.00 · US\$3,000\.00 /,
    );
    assert.match(text(column(board.body, stage.Won!)), /Won definite 1 booking /);
    assert.match(text(column(board.body, stage.Negotiating!)), /Negotiating 0 bookings No open bookings/);
    assert.match(
      text(board.body),
      /adds up their value: a booking's grand total, or its estimated total while it has no lines/,
    );
    assert.match(board.body, new RegExp(`<option value="${stage.Won}"\\s*>Won \\(definite\\)</option>`));
  });

  it('counts and values every booking of a column, not only the fifty it shows', async () => {
    const at = '2028-01-01T10:00:00.000Z';
    const rows = Array.from({ length: 55 }, (_, i) =>
      bookingRow(venue.orgId, at, {
        name: `Busy ${i}`,
        stage_id: stage['New inquiry']!,
        currency: 'EUR',
        total_amount: 100_000,
      }),
    );
    await suite.db.insertInto('bookings').values(rows).execute();
    const board = await (await admin()).request(`${o}/pipeline`);
    const inquiries = column(board.body, stage['New inquiry']!);
    assert.match(text(inquiries), /New inquiry 55 bookings · €55,000\.00 /);
    assert.equal([...inquiries.matchAll(/<li class="board-card">/g)].length, 50);
    assert.match(text(inquiries), /Showing the 50 soonest\./);
  });

  it('confirms a booking whose card moves to Won', async () => {
    const party = await booking('Garden party', { status: 'tentative', stage_id: stage.Negotiating! });
    const session = await admin();
    const board = await session.request(`${o}/pipeline`);
    const action = `${o}/pipeline/bookings/${party.id}`;
    const moved = await session.request(action, {
      form: { ...formFields(board.body, action), stage_id: stage.Won! },
    });
    assert.equal(moved.status, 303, text(moved.body).slice(0, 500));
    assert.deepEqual(await placed(party.id), ['definite', stage.Won]);
    const after = await session.follow(moved.location!);
    assert.match(text(column(after.body, stage.Won!)), /Garden party .*Definite/);
    assert.doesNotMatch(column(after.body, stage.Negotiating!), /Garden party/);
  });

  it('puts a booking confirmed by its page’s status button in Won', async () => {
    const dinner = await booking('Supper club', { stage_id: stage['Proposal sent']! });
    const session = await admin();
    const path = `${o}/bookings/${dinner.id}`;
    const page = await session.request(path);
    const confirmed = await session.request(`${path}/status`, {
      form: { ...formFields(page.body, `${path}/status`), to: 'definite' },
    });
    assert.equal(confirmed.status, 303, text(confirmed.body).slice(0, 500));
    assert.deepEqual(await placed(dinner.id), ['definite', stage.Won]);
    assert.match(text((await session.request(path)).body), /Stage Sales › Won/);
  });

  it('moves a won booking put back to tentative out of Won, to the last stage before it that stands for no status', async () => {
    const gala = await booking('Winter gala', { status: 'definite' });
    assert.deepEqual(await placed(gala.id), ['definite', stage.Won]);
    const session = await admin();
    const path = `${o}/bookings/${gala.id}`;
    const page = await session.request(path);
    const back = await session.request(`${path}/status`, {
      form: { ...formFields(page.body, `${path}/status`), to: 'tentative' },
    });
    assert.equal(back.status, 303, text(back.body).slice(0, 500));
    assert.deepEqual(await placed(gala.id), ['tentative', stage.Negotiating]);
    const board = await session.request(`${o}/pipeline`);
    assert.match(text(column(board.body, stage.Negotiating!)), /Winter gala .*Tentative/);
    assert.doesNotMatch(column(board.body, stage.Won!), /Winter gala/);
  });

  it('moves a lost booking reopened as a lead out of Lost, and leaves a stage that stands for nothing alone', async () => {
    const lostRooms = await makeWorkspaceVenue(suite.db, 'Lost Rooms');
    const sales = await suite.db
      .selectFrom('stages')
      .select(['id', 'name', 'pipeline_id'])
      .where('organization_id', '=', lostRooms.orgId)
      .execute();
    const at = Object.fromEntries(sales.map((s) => [s.name, s.id]));
    const run = { db: suite.db, clock: systemClock };
    const lost = await write(run, lostRooms.actor, createStage, {
      name: 'Lost',
      status: 'lost',
      pipelineId: sales[0]!.pipeline_id,
    });
    const fair = await addBooking(suite.db, lostRooms.actor, {
      name: 'Spring fair',
      status: 'tentative',
      start_at: '2027-05-01T12:00:00Z',
      end_at: '2027-05-01T16:00:00Z',
      accountId: lostRooms.accountId,
      stage_id: at['Site visit']!,
    });
    const { session } = await workspaceSession(server, lostRooms.admin.email, lostRooms.orgId);
    const path = `/orgs/${lostRooms.orgId}/bookings/${fair.id}`;
    const status = async (to: string, extra: Record<string, string> = {}) => {
      const page = await session.request(path);
      const moved = await session.request(`${path}/status`, {
        form: { ...formFields(page.body, `${path}/status`), to, ...extra },
      });
      assert.equal(moved.status, 303, text(moved.body).slice(0, 500));
    };
    await status('lead');
    assert.deepEqual(await placed(fair.id), ['lead', at['Site visit']]);
    await status('lost', { lost_reason: 'Chose another venue' });
    assert.deepEqual(await placed(fair.id), ['lost', lost.id]);
    // Lost comes after Won: back past it to the last stage that stands for no status.
    await status('lead');
    assert.deepEqual(await placed(fair.id), ['lead', at.Negotiating]);
  });

  it('leaves a card where it was when its move would double-book a space, naming the booking that holds it', async () => {
    // The venue's definite booking holds the Boathouse then.
    const clash = await booking('Boathouse supper', {
      status: 'tentative',
      stage_id: stage['Proposal sent']!,
      start_at: '2026-11-25T19:00:00Z',
      end_at: '2026-11-25T22:00:00Z',
      timezone: 'Europe/London',
      spaceIds: [venue.spaceId],
    });
    const session = await admin();
    const board = await session.request(`${o}/pipeline`);
    const action = `${o}/pipeline/bookings/${clash.id}`;
    const refused = await session.request(action, {
      form: { ...formFields(board.body, action), stage_id: stage.Won! },
    });
    assert.equal(refused.status, 409);
    const said = text(refused.body);
    assert.match(said, /The booking was not moved/);
    assert.match(
      said,
      new RegExp(
        `${clash.reference} Boathouse supper stays where it was: confirming it would double-book a space\\.`,
      ),
    );
    assert.match(said, /Boathouse is already held by the definite booking BK-00001 Lumen summer party/);
    assert.match(refused.body, new RegExp(`href="${o}/bookings/${venue.bookingId}"`));
    assert.match(
      column(refused.body, stage['Proposal sent']!),
      /Boathouse supper/,
      'the card is where it was',
    );
    assert.doesNotMatch(column(refused.body, stage.Won!), /Boathouse supper/);
    assert.deepEqual(await placed(clash.id), ['tentative', stage['Proposal sent']]);
  });

  it('lets admins say what a stage stands for, and leaves a card where it was when a lost move has no reason', async () => {
    const session = await admin();
    const settings = await session.request(`${o}/settings/pipelines`);
    assert.equal(settings.status, 200);
    assert.match(
      settings.body,
      new RegExp(`id="stage-${stage.Won}-status" name="status">[\\s\\S]*?<option value="definite" selected>`),
    );
    // Negotiating, renamed and made to stand for lost (a venue that calls it so).
    const action = `${o}/settings/stages/${stage.Negotiating}`;
    const saved = await session.request(action, {
      form: { ...formFields(settings.body, action), name: 'Lost', status: 'lost' },
    });
    assert.equal(saved.status, 303, text(saved.body).slice(0, 500));
    const row = await suite.db
      .selectFrom('stages')
      .select(['name', 'status'])
      .where('id', '=', stage.Negotiating!)
      .executeTakeFirstOrThrow();
    assert.deepEqual([row.name, row.status], ['Lost', 'lost']);

    const lunch = await booking('Long lunch', { stage_id: stage['Site visit']! });
    const board = await session.request(`${o}/pipeline`);
    assert.match(board.body, new RegExp(`<option value="${stage.Negotiating}"\\s*>Lost</option>`));
    const move = `${o}/pipeline/bookings/${lunch.id}`;
    const refused = await session.request(move, {
      form: { ...formFields(board.body, move), stage_id: stage.Negotiating! },
    });
    assert.equal(refused.status, 422);
    assert.match(
      text(refused.body),
      /Long lunch stays where it was\. Lost stands for lost: Say why the booking was lost\. Mark it lost from its page ?, where you can say why\./,
    );
    assert.match(column(refused.body, stage['Site visit']!), /Long lunch/);
    assert.deepEqual(await placed(lunch.id), ['lead', stage['Site visit']]);
  });
});
