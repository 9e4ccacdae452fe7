/**
 * Settings → Spaces (SPEC §11) over HTTP: the list says what each space is made of, whether it is
 * shareable and its capacities by setup style; a space's form sets those through the same
 * commands and rules as /v2/spaces: parts one level deep and never a cycle, a number per setup
 * style (blank: none), every bad field at once beside it, new parts under which two definite
 * bookings would hold the same room refused (409) naming the booking and event, a save over a
 * newer one kept for another try.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createSpace, type SpaceInput } from '../../src/crm/spaces/space.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  const s = {} as Record<'A' | 'B' | 'Ballroom' | 'Terrace' | 'C' | 'D' | 'Hall', string>;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Spaces Venue');
    o = `/orgs/${venue.orgId}`;
    const space = async (input: SpaceInput) =>
      (await write({ db: suite.db, clock: systemClock }, venue.actor, createSpace, input)).id;
    s.A = await space({ name: 'Salon A', capacity: 60 });
    s.B = await space({ name: 'Salon B', capacity: 60 });
    s.Ballroom = await space({ name: 'Ballroom', capacity: 120, partIds: [s.A, s.B] });
    s.Terrace = await space({ name: 'Terrace', capacity: 80 });
    s.C = await space({ name: 'Salon C', capacity: 40 });
    s.D = await space({ name: 'Salon D', capacity: 40 });
    s.Hall = await space({ name: 'Garden hall', capacity: 200 });
  });
  after(() => server.close());

  const row = async (id: string) =>
    suite.db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The edit form's post: its hidden fields, the fields as drawn, and what is given. */
  const save = async (id: string, given: Record<string, string | string[]>) => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const path = `${o}/settings/spaces/${id}`;
    const form = await session.request(path);
    assert.equal(form.status, 200);
    const current = await row(id);
    return session.request(path, {
      form: {
        ...formFields(form.body, path),
        name: current.name,
        capacity: current.capacity === null ? '' : String(current.capacity),
        ...given,
      },
    });
  };

  it('lists what each space is made of, which are shareable, and capacities by setup style', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = text((await session.request(`${o}/settings/spaces`)).body);
    assert.match(page, /Ballroom — made of Salon A, Salon B 120 —/);
    assert.match(page, /Salon A — part of Ballroom 60/);
    const form = await session.request(`${o}/settings/spaces/${s.Ballroom}`);
    assert.match(form.body, new RegExp(`name="parts" value="${s.A}" checked`));
    assert.doesNotMatch(form.body, new RegExp(`name="parts" value="${s.Ballroom}"`), 'not a part of itself');
    assert.match(form.body, /<legend>Capacity by setup style<\/legend>/);
    assert.match(form.body, /<label for="field-capacity_u_shape">U-shape/);
  });

  it('makes a space shareable, sets capacities by setup style (blank: none) and takes them off again', async () => {
    const saved = await save(s.Terrace, {
      shareable: 'yes',
      capacity_banquet: '60',
      capacity_theatre: '0',
      capacity_reception: ' ',
    });
    assert.equal(saved.status, 303, saved.body.slice(0, 400));
    assert.equal(saved.location, `${server.url}${o}/settings/spaces?notice=saved`);
    const terrace = await row(s.Terrace);
    assert.equal(Number(terrace.shareable), 1);
    assert.deepEqual(JSON.parse(terrace.capacities), { banquet: 60, theatre: 0 });
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const list = text((await session.request(saved.location!)).body);
    assert.match(list, /Changes saved\./);
    assert.match(list, /Terrace Shareable 80 Banquet 60 · Theatre 0/);
    const form = await session.request(`${o}/settings/spaces/${s.Terrace}`);
    assert.match(
      form.body,
      /id="field-shareable" name="shareable" value="yes" aria-describedby="field-shareable-hint" checked/,
    );
    assert.match(form.body, /name="capacity_banquet" type="number" value="60"/);

    const cleared = await save(s.Terrace, { capacity_banquet: '' });
    assert.equal(cleared.status, 303);
    const after = await row(s.Terrace);
    assert.equal(Number(after.shareable), 0, 'an unticked box is not shareable');
    assert.deepEqual(JSON.parse(after.capacities), {});
  });

  it('makes a combined space of others, and takes its parts away', async () => {
    const made = await save(s.Hall, { parts: [s.C, s.D] });
    assert.equal(made.status, 303, made.body.slice(0, 400));
    assert.deepEqual(JSON.parse((await row(s.Hall)).part_ids), [s.C, s.D]);
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    assert.match(
      text((await session.request(`${o}/settings/spaces`)).body),
      /Garden hall — made of Salon C, Salon D 200/,
    );
    const parted = await save(s.Hall, {});
    assert.equal(parted.status, 303);
    assert.deepEqual(JSON.parse((await row(s.Hall)).part_ids), []);
  });

  it('refuses a cycle, a second level and a space of its own, beside the parts', async () => {
    const cycle = await save(s.A, { parts: [s.Ballroom] });
    assert.equal(cycle.status, 422);
    assert.equal(
      fieldError(cycle.body, 'parts'),
      'This space is a part of a combined space, so it cannot have parts of its own (one level deep).',
    );
    const deep = await save(s.Terrace, { parts: [s.Ballroom] });
    assert.equal(deep.status, 422);
    assert.equal(
      fieldError(deep.body, 'parts'),
      'A part cannot be a combined space itself (one level deep).',
    );
    assert.match(
      deep.body,
      new RegExp(`name="parts" value="${s.Ballroom}" checked`),
      'what was chosen stays',
    );
    const itself = await save(s.Terrace, { parts: [s.Terrace] });
    assert.equal(itself.status, 422);
    assert.equal(fieldError(itself.body, 'parts'), 'A space cannot be a part of itself.');
    assert.deepEqual(JSON.parse((await row(s.Terrace)).part_ids), []);
    assert.deepEqual(JSON.parse((await row(s.A)).part_ids), []);
  });

  it('names every bad field at once', async () => {
    const bad = await save(s.Terrace, {
      name: 'Ballroom',
      capacity: 'lots',
      capacity_banquet: 'many',
      capacity_u_shape: '-4',
      parts: [s.Ballroom],
    });
    assert.equal(bad.status, 422);
    assert.equal(fieldError(bad.body, 'name'), 'Another space is called "Ballroom" already.');
    assert.match(fieldError(bad.body, 'capacity'), /whole number of guests, at least 1/);
    assert.equal(fieldError(bad.body, 'capacity_banquet'), 'Banquet is a whole number of guests, 0 or more.');
    assert.equal(fieldError(bad.body, 'capacity_u_shape'), 'U-shape is a whole number of guests, 0 or more.');
    assert.match(fieldError(bad.body, 'parts'), /one level deep/);
    assert.match(bad.body, /value="many"/, 'what was typed stays');
    assert.equal((await row(s.Terrace)).name, 'Terrace');
  });

  it('refuses new parts that would make two definite bookings hold the same room, naming them', async () => {
    const east = await write({ db: suite.db, clock: systemClock }, venue.actor, createSpace, {
      name: 'East wing',
    });
    const north = await write({ db: suite.db, clock: systemClock }, venue.actor, createSpace, {
      name: 'North room',
    });
    const booking = (name: string, space: string) =>
      addBooking(suite.db, venue.actor, {
        name,
        status: 'definite',
        start_at: '2027-08-14T17:00:00Z',
        end_at: '2027-08-14T22:00:00Z',
        timezone: 'Europe/London',
        accountId: venue.accountId,
        spaceIds: [space],
      });
    await booking('Wing gala', east.id);
    const other = await booking('North dinner', north.id);
    const refused = await save(east.id, { parts: [north.id] });
    assert.equal(refused.status, 409);
    const words = text(refused.body);
    assert.match(words, /This clashes with another booking/);
    assert.match(
      words,
      new RegExp(
        `With these parts, a definite booking of East wing would overlap the definite booking ${other.reference} North dinner ?, its event “Main event” in North room \\(Sat 14 Aug 2027, 18:00–23:00\\)`,
      ),
    );
    assert.match(refused.body, new RegExp(`href="${o}/bookings/${other.id}"`));
    assert.equal(
      fieldError(refused.body, 'parts'),
      `With these parts, East wing would clash with ${other.reference}’s event “Main event” in North room: choose other parts, or move one of the events first.`,
    );
    assert.match(refused.body, new RegExp(`name="parts" value="${north.id}" checked`));
    assert.deepEqual(JSON.parse((await row(east.id)).part_ids), [], 'nothing saved');
  });

  it('keeps what was typed when someone saved first', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const path = `${o}/settings/spaces/${s.D}`;
    const version = versionIn((await session.request(path)).body);
    assert.equal((await save(s.D, { shareable: 'yes' })).status, 303);
    const stale = await session.request(path, {
      form: { _csrf: csrf, version, name: 'Salon D', capacity: '40', capacity_cabaret: '30' },
    });
    assert.equal(stale.status, 412);
    const words = text(stale.body);
    assert.match(words, /This changed while you were looking at it/);
    assert.match(words, /Shareable: Yes/);
    assert.match(stale.body, /name="capacity_cabaret" type="number" value="30"/);
    assert.equal(Number((await row(s.D)).shareable), 1);
  });

  it('archives a space and brings it back: new bookings are not offered it meanwhile (SPEC §15)', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const offered = async () => /Garden hall/.test((await session.request(`${o}/bookings/new`)).body);
    assert.equal(await offered(), true);

    const refused = await save(s.Hall, { area: '-4' });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'area') ?? '', /whole number of square metres/);

    const archived = await save(s.Hall, { archived: 'yes', area: '310' });
    assert.equal(archived.status, 303);
    const stored = await row(s.Hall);
    assert.ok(stored.archived_at, 'archived, with the time it was');
    assert.equal(Number(stored.area), 310);
    assert.match(text((await session.request(`${o}/settings/spaces`)).body), /Garden hall Archived/);
    assert.equal(await offered(), false, 'the booking form leaves it out');

    // Saving again keeps the time it was archived; unticking brings it back.
    assert.equal((await save(s.Hall, { archived: 'yes', area: '310' })).status, 303);
    assert.equal((await row(s.Hall)).archived_at, stored.archived_at);
    assert.equal((await save(s.Hall, { area: '310' })).status, 303);
    assert.equal((await row(s.Hall)).archived_at, null);
    assert.equal(await offered(), true);
  });
});
