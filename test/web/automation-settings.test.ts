/**
 * Settings → Automations (SPEC §18) over real HTTP, signed in: administrators only, as every
 * settings page; the eight shipped automations listed with a line of plain words each and their
 * state, one click to make one that is not made yet and to turn one off; the organization's own
 * listed apart, deleted after a confirmation; the New automation editor refuses each bad control
 * beside it and keeps what was typed, then makes a good one; each automation's latest runs, with
 * the booking, the state, the step reached, the next step's time in the venue's zone and the log.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { listAutomations, SHIPPED_KEYS } from '../../src/crm/automations/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

/** The words of an automation's entry on the page (by `shipped-<key>` or `automation-<id>`), tags taken out. */
function entry(body: string, id: string): string {
  const at = body.indexOf(`id="${id}"`);
  assert.notEqual(at, -1, `the page lists ${id}`);
  const start = body.indexOf('>', at) + 1;
  return body
    .slice(start, body.indexOf('</li>', start))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };
  const automations = () => listAutomations({ db: suite.db }, venue.orgId);

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    // Thursday 10 June 2027, 12:00 UTC: 13:00 in London, on summer time.
    server.clock.setTo(Date.parse('2027-06-10T12:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
  });
  after(() => server.close());

  it('refuses members as every settings page does, and links the page for administrators alone', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await member.session.request(`${o}/settings/automations`);
    assert.equal(page.status, 403);
    assert.match(page.body, /Administrators only/);
    const made = await member.session.request(`${o}/settings/automations/shipped`, {
      form: { _csrf: member.csrf, key: 'thank_you' },
    });
    assert.equal(made.status, 403);
    assert.equal((await automations()).length, 3, 'nothing was made');
    const catalogue = await member.session.request(`${o}/settings/catalogue`);
    assert.doesNotMatch(catalogue.body, /settings\/automations/);
    const venuePage = await admin.session.request(`${o}/settings/venue`);
    assert.match(venuePage.body, new RegExp(`href="${o}/settings/automations"[^>]*>Automations<`));
  });

  it('lists the eight shipped automations in plain words, the first three on', async () => {
    const page = await admin.session.request(`${o}/settings/automations`);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /aria-current="page">Automations</);
    for (const key of SHIPPED_KEYS) entry(page.body, `shipped-${key}`);
    assert.match(entry(page.body, 'shipped-acknowledge_inquiry'), /^Acknowledge an inquiry On /);
    const followUp = entry(page.body, 'shipped-proposal_follow_up');
    assert.match(followUp, /^Follow up a proposal Off /);
    assert.match(
      followUp,
      /When a proposal is sent: wait 3 days until 09:00 in the sending window, then e-mail the client \(Following up on our proposal template\)\. Stops when signed, the client writes, or lost\./,
    );
    assert.match(followUp, /Turn on/);
  });

  it('makes a shipped automation that is not made yet in one click, then turns it off', async () => {
    const page = await admin.session.request(`${o}/settings/automations`);
    const action = `${o}/settings/automations/shipped`;
    const fields = formFields(page.body.slice(page.body.indexOf('id="shipped-proposal_follow_up"')), action);
    assert.equal(fields.key, 'proposal_follow_up');
    const made = await admin.session.request(action, { form: fields });
    assert.equal(made.status, 303, made.body);
    const followUp = (await automations()).find((a) => a.key === 'proposal_follow_up');
    assert.equal(followUp?.enabled, true);
    const on = await admin.session.request(made.location!);
    assert.match(on.body, /Follow up a proposal turned on\./);
    assert.match(entry(on.body, 'shipped-proposal_follow_up'), /^Follow up a proposal On .*Turn off/);

    const toggle = `${o}/settings/automations/${followUp!.id}/enabled`;
    const off = await admin.session.request(toggle, { form: formFields(on.body, toggle) });
    assert.equal(off.status, 303, off.body);
    const shown = await admin.session.request(off.location!);
    assert.match(entry(shown.body, 'shipped-proposal_follow_up'), /^Follow up a proposal Off .*Turn on/);
    assert.equal((await automations()).find((a) => a.key === 'proposal_follow_up')?.enabled, false);
    // The same form again, at the version it was drawn at, is refused: the automation changed.
    const stale = await admin.session.request(toggle, { form: formFields(on.body, toggle) });
    assert.equal(stale.status, 412);
  });

  it('refuses a new automation beside each bad field, keeping what was typed, then makes a good one', async () => {
    const action = `${o}/settings/automations`;
    const form = {
      _csrf: admin.csrf,
      name: 'Chase a quiet lead',
      trigger_type: 'booking.status_changed',
      trigger_status: 'lead',
      conditions: '1',
      condition_0_field: 'guest_count',
      condition_0_op: 'gteq',
      condition_0_value: '',
      steps: '2',
      step_0_type: 'wait',
      step_0_days: '-1',
      step_1_type: 'add_note',
      step_1_body: 'Chased',
      allow_reenrollment: 'yes',
    };
    const refused = await admin.session.request(action, { form });
    assert.equal(refused.status, 422, refused.body);
    assert.match(fieldError(refused.body, 'step_0_days'), /whole number of days/);
    assert.match(fieldError(refused.body, 'condition_0_value'), /Give the value/);
    assert.match(refused.body, /Chase a quiet lead/);
    assert.match(refused.body, /name="step_0_days" type="number" value="-1"/, 'the days typed come back');
    assert.match(refused.body, /name="allow_reenrollment" value="yes"[^>]* checked/);
    assert.equal((await automations()).length, 4, 'nothing was made');

    const made = await admin.session.request(action, {
      form: { ...form, condition_0_value: '50', step_0_days: '2' },
    });
    assert.equal(made.status, 303, made.body);
    const chase = (await automations()).find((a) => a.name === 'Chase a quiet lead');
    assert.ok(chase);
    assert.deepEqual([chase.enabled, chase.allowReenrollment, chase.key], [true, true, null]);
    const page = await admin.session.request(made.location!);
    assert.match(
      entry(page.body, `automation-${chase.id}`),
      /^Chase a quiet lead On When a booking becomes lead, if guest count is at least 50: wait 2 days, then add the note “Chased”\./,
    );

    const confirm = await admin.session.request(`${o}/settings/automations/${chase.id}/delete`);
    assert.equal(confirm.status, 200);
    const remove = `${o}/settings/automations/${chase.id}/delete`;
    const gone = await admin.session.request(remove, { form: formFields(confirm.body, remove) });
    assert.equal(gone.status, 303, gone.body);
    assert.equal(
      (await automations()).find((a) => a.id === chase.id),
      undefined,
    );
  });

  it('lists an automation’s latest runs with their booking, state, next step in the venue’s zone and log', async () => {
    const acknowledge = (await automations()).find((a) => a.key === 'acknowledge_inquiry')!;
    const booking = await suite.db
      .selectFrom('bookings')
      .select(['id', 'reference'])
      .where('id', '=', venue.bookingId)
      .executeTakeFirstOrThrow();
    await suite.db
      .insertInto('automation_runs')
      .values({
        id: 'run_shown',
        organization_id: venue.orgId,
        automation_id: acknowledge.id,
        booking_id: booking.id,
        enrollment: `${acknowledge.id} ${booking.id}`,
        state: 'waiting',
        step_index: 0,
        next_at: '2027-06-14T08:00:00.000Z',
        log: JSON.stringify([
          {
            at: '2027-06-10T11:30:00.000Z',
            step_index: 0,
            type: 'wait',
            result: 'Waits for the sending window.',
          },
        ]),
        draft: null,
        created_at: '2027-06-10T11:30:00.000Z',
        updated_at: '2027-06-10T11:30:00.000Z',
      })
      .execute();
    const list = await admin.session.request(`${o}/settings/automations`);
    assert.ok(
      list.body.includes(`href="${o}/settings/automations/${acknowledge.id}"`),
      'linked from the list',
    );
    const page = await admin.session.request(`${o}/settings/automations/${acknowledge.id}`);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /<h1>Acknowledge an inquiry<\/h1>/);
    assert.ok(page.body.includes(`<a href="${o}/bookings/${booking.id}">${booking.reference}</a>`));
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.match(text, /Waiting/);
    assert.match(text, /Step 1 of 1/);
    assert.match(text, /Mon 14 Jun 2027, 09:00/, 'the next step in London time');
    assert.match(text, /Thu 10 Jun 2027, 12:30 1 \(wait\) Waits for the sending window\./);
    const missing = await admin.session.request(`${o}/settings/automations/aut_nothere`);
    assert.equal(missing.status, 404);
  });
});
