/**
 * The automations' engine (SPEC §18) on the one job runner, through the API as a venue uses it:
 * a change an enabled automation answers enrolls the booking when its conditions hold, once; the
 * steps run in order (mail to the client as a message of the booking, a task for the owner, a
 * note, a wait in the venue's zone, a stage move), each logged; a drafted mail waits for a member
 * to send (edited) or skip; an exit ends a waiting run; a refused step fails its run with words;
 * the shipped payment receipt goes out on a payment; a date trigger fires on its day only.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { automationJobHandlers } from '../../src/crm/automations/index.js';
import { dateLookRecurrence } from '../../src/crm/automations/automation-dates.js';
import { recurringHandler, startRecurring } from '../../src/jobs/recurring.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  type Many,
} from '../helpers/writes.js';
import { silent } from '../jobs/job-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 2 June 2031, 09:00 UTC: inside the default sending window. */
const START = Date.parse('2031-06-02T09:00:00.000Z');

interface Run {
  id: string;
  attributes: {
    state: string;
    step_index: number;
    next_at: string | null;
    log: Array<{ type: string; result: string; message_id?: string; task_id?: string }>;
    draft: { subject: string; to: string[] } | null;
  };
  relationships: { booking: { data: { id: string } } };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let runner: JobRunner;
  let template: string;
  let contact: string;
  let account: string;
  let stages: string[];

  /** Stops the clock at exactly `instant`. */
  const at = (instant: number) => {
    server.clock.hold();
    server.clock.advance(instant - server.clock.now());
  };
  /** Runs due jobs until none is due, the steps they queue included; how many ran. */
  const drain = async () => {
    let total = 0;
    for (let ran = await runner.drain(); ran > 0; ran = await runner.drain()) total += ran;
    return total;
  };
  const runsOf = async (automation: string) =>
    (
      await api<{ data: Run[] }>(
        `/v2/automation_runs?filter[automation_id][eq]=${automation}&sort=created_at`,
      )
    ).body.data;
  const automation = async (attributes: Record<string, unknown>) =>
    created(api, '/v2/automations', {
      data: { type: 'automations', attributes: { enabled: true, ...attributes } },
    });
  const booking = (attributes: Record<string, unknown> = {}) =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(account, { name: 'Brennan wedding', ...attributes }, { contact, owner: venue.user.id }),
    );
  const mailsTo = (address: string) =>
    suite.db
      .selectFrom('outgoing_mail')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('id')
      .execute();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    at(START);
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    runner = new JobRunner({
      writer: { db: suite.db, clock: server.clock },
      logger: silent,
      handlers: [
        ...automationJobHandlers({ rendering: server.app.ctx, sending: false, baseUrl: server.url }),
        recurringHandler(dateLookRecurrence),
      ],
      retrySchedule: [5],
      pollMs: 60_000,
    });
    const templates = await api<Many>('/v2/email_templates?page[size]=100');
    template = templates.body.data.find((t) => t.attributes.kind === 'follow_up')!.id;
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Brennan family' }));
    contact = await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Aoife', last_name: 'Brennan', email: 'aoife@client.example' }),
    );
    const list = await api<Many>('/v2/stages?sort=position');
    stages = list.body.data.filter((s) => s.attributes.status === null).map((s) => s.id);
  });
  after(() => server.close());
  // A token of the test's own time: the tests move the clock on by days.
  beforeEach(async () => {
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });

  it('runs every kind of step in order, once, with a line in the log for each', async () => {
    const id = await automation({
      name: 'Welcome',
      trigger: { type: 'booking.created', sources: ['api'] },
      conditions: [{ field: 'guest_count', op: 'gteq', value: 100 }],
      steps: [
        { type: 'send_email', template_id: template, to: 'client' },
        { type: 'create_task', title: 'Call the couple', days: 2, assignee: 'owner' },
        { type: 'add_note', body: 'Welcomed by the automation.' },
        { type: 'wait', days: 1 },
        { type: 'move_stage', stage_id: stages[1] },
      ],
    });
    const small = await booking({ guest_count: 40 });
    const big = await booking({ guest_count: 120 });
    await drain();
    const runs = await runsOf(id);
    assert.deepEqual(
      runs.map((r) => r.relationships.booking.data.id),
      [big],
      'only the booking that meets the conditions',
    );
    const run = runs[0]!;
    assert.equal(run.attributes.state, 'waiting');
    assert.equal(run.attributes.step_index, 4);
    assert.equal(run.attributes.next_at, new Date(START + DAY).toISOString());
    assert.deepEqual(
      run.attributes.log.map((l) => l.type),
      ['send_email', 'create_task', 'add_note', 'wait'],
    );

    const mails = await mailsTo('aoife@client.example');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.booking_id, big);
    const messages = await api<Many>(`/v2/messages?filter[booking_id][eq]=${big}`);
    assert.deepEqual(
      messages.body.data.map((m) => m.id),
      [run.attributes.log[0]!.message_id],
    );
    const task = await api<{ data: { attributes: { title: string; due_date: string } } }>(
      `/v2/tasks/${run.attributes.log[1]!.task_id}`,
    );
    assert.equal(task.body.data.attributes.title, 'Call the couple');
    assert.equal(task.body.data.attributes.due_date, '2031-06-04');
    const notes = await api<Many>(`/v2/notes?filter[notable_id][eq]=${big}`);
    assert.equal(
      notes.body.data.filter((n) => n.attributes.body === 'Welcomed by the automation.').length,
      1,
    );

    server.clock.advance(DAY - 1000);
    assert.equal(await drain(), 0, 'the wait is not over');
    server.clock.advance(1000);
    await drain();
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const done = (await runsOf(id))[0]!;
    assert.equal(done.attributes.state, 'done');
    assert.equal(done.attributes.log.length, 5);
    const moved = await api<{ data: { attributes: { stage_id: string } } }>(`/v2/bookings/${big}`);
    assert.equal(moved.body.data.attributes.stage_id, stages[1]);
    assert.equal((await mailsTo('aoife@client.example')).length, 1, 'nothing ran twice');
    assert.equal((await runsOf(id)).length, 1);
    assert.ok(small);
    await api(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, { enabled: false }),
    });
  });

  it('keeps a drafted mail for a member to send, edited, or skip', async () => {
    const id = await automation({
      name: 'Checked follow-up',
      trigger: { type: 'booking.status_changed', status: 'tentative' },
      steps: [{ type: 'send_email', template_id: template, to: 'client', requires_approval: true }],
    });
    const first = await booking();
    const second = await booking();
    for (const b of [first, second])
      await api(`/v2/bookings/${b}`, {
        method: 'PATCH',
        body: changeDocument('bookings', b, { status: 'tentative' }),
      });
    await drain();
    const runs = await runsOf(id);
    assert.deepEqual(
      runs.map((r) => r.attributes.state),
      ['awaiting_approval', 'awaiting_approval'],
    );
    assert.deepEqual(runs[0]!.attributes.draft?.to, ['aoife@client.example']);
    const before = (await mailsTo('aoife@client.example')).length;

    const approved = await api<{ data: Run }>(`/v2/automation_runs/${runs[0]!.id}/approve`, {
      method: 'POST',
      body: { data: { type: 'automation_runs', attributes: { subject: 'About your date' } } },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.data.attributes.state, 'done');
    const mails = await mailsTo('aoife@client.example');
    assert.equal(mails.length, before + 1);
    assert.equal(mails.at(-1)!.subject, 'About your date');

    const again = await api<{ errors: Array<{ code: string }> }>(
      `/v2/automation_runs/${runs[0]!.id}/approve`,
      { method: 'POST' },
    );
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.equal(again.body.errors[0]!.code, 'not_awaiting_approval');
    const badSubject = await api(`/v2/automation_runs/${runs[1]!.id}/approve`, {
      method: 'POST',
      body: { data: { attributes: { subject: 'two\nlines', text: ' ' } } },
    });
    assert.equal(badSubject.status, 422);

    const skipped = await api<{ data: Run }>(`/v2/automation_runs/${runs[1]!.id}/skip`, { method: 'POST' });
    assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
    assert.equal(skipped.body.data.attributes.state, 'done');
    assert.match(skipped.body.data.attributes.log.at(-1)!.result, /Skipped/);
    assert.equal((await mailsTo('aoife@client.example')).length, before + 1, 'a skipped mail is not sent');
    await api(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, { enabled: false }),
    });
  });

  it('ends a waiting run on its exit, and starts a booking once unless re-enrollment is allowed', async () => {
    const once = await automation({
      name: 'Nudge',
      trigger: { type: 'booking.status_changed', status: 'tentative' },
      steps: [
        { type: 'wait', days: 3 },
        { type: 'send_email', template_id: template, to: 'owner' },
      ],
      exit_on: [{ type: 'status', value: ['lost'] }],
    });
    const again = await automation({
      name: 'Each time',
      trigger: { type: 'booking.status_changed', status: 'tentative' },
      steps: [{ type: 'add_note', body: 'Tentative again.' }],
      allow_reenrollment: true,
    });
    const b = await booking();
    const toOwner = (await mailsTo(venue.user.email)).length;
    const move = (status: string, extra: Record<string, unknown> = {}) =>
      api(`/v2/bookings/${b}`, {
        method: 'PATCH',
        body: changeDocument('bookings', b, { status, ...extra }),
      });
    await move('tentative');
    await drain();
    await move('lead');
    await move('tentative');
    await drain();
    assert.equal((await runsOf(once)).length, 1);
    assert.equal((await runsOf(again)).length, 2);
    const lost = await move('lost', { lost_reason: 'Went elsewhere' });
    assert.equal(lost.status, 200, JSON.stringify(lost.body));
    await drain();
    const [run] = await runsOf(once);
    assert.equal(run!.attributes.state, 'exited');
    assert.match(run!.attributes.log.at(-1)!.result, /lost/);
    server.clock.advance(4 * DAY);
    await drain();
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    assert.equal((await mailsTo(venue.user.email)).length, toOwner, 'an exited run sends nothing');
    for (const a of [once, again])
      await api(`/v2/automations/${a}`, {
        method: 'PATCH',
        body: changeDocument('automations', a, { enabled: false }),
      });
  });

  it("sends the venue's own people a template's mail as a notice of the booking it is about", async () => {
    // The shipped confirmation of a signed proposal sends the client's letter to the owner too:
    // the owner reads which booking it is about before the letter, never a bare "Dear Aoife".
    const id = await automation({
      name: 'Tell the owner',
      trigger: { type: 'booking.created' },
      steps: [{ type: 'send_email', template_id: template, to: 'owner' }],
    });
    const before = (await mailsTo(venue.user.email)).length;
    const b = await booking({ name: 'Brennan anniversary' });
    await drain();
    const reference = (await api<{ data: { attributes: { reference: string } } }>(`/v2/bookings/${b}`)).body
      .data.attributes.reference;
    const mails = await mailsTo(venue.user.email);
    assert.equal(mails.length, before + 1);
    const mail = mails.at(-1)!;
    assert.equal(mail.kind, 'automation');
    assert.match(mail.subject, new RegExp(`^${reference}: `));
    assert.ok(
      mail.text_body.startsWith(
        `The automation “Tell the owner” wrote this for Brennan anniversary (${reference}):\n\n`,
      ),
      mail.text_body,
    );
    const [run] = await runsOf(id);
    assert.equal(run!.attributes.state, 'done');
    await api(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, { enabled: false }),
    });
  });

  it('fails a run whose step the rules refuse, with the words why', async () => {
    const doomed = await created(api, '/v2/email_templates', {
      data: { type: 'email_templates', attributes: { name: 'Doomed', subject: 'Hi', body: 'Hello' } },
    });
    const id = await automation({
      name: 'Broken',
      trigger: { type: 'booking.created' },
      steps: [
        { type: 'wait', hours: 1 },
        { type: 'send_email', template_id: doomed, to: 'client' },
      ],
    });
    await booking();
    await drain();
    assert.equal((await api(`/v2/email_templates/${doomed}`, { method: 'DELETE' })).status, 204);
    server.clock.advance(HOUR);
    await drain();
    const [run] = await runsOf(id);
    assert.equal(run!.attributes.state, 'failed');
    assert.equal(run!.attributes.log.at(-1)!.result, 'Its e-mail template was deleted.');
    await api(`/v2/automations/${id}`, {
      method: 'PATCH',
      body: changeDocument('automations', id, { enabled: false }),
    });
  });

  it('sends the shipped receipt when a payment is received', async () => {
    const [receipt] = (await api<Many>('/v2/automations?filter[key][eq]=payment_receipt')).body.data;
    const b = await booking();
    const before = (await mailsTo('aoife@client.example')).length;
    await created(api, '/v2/payments', {
      data: {
        type: 'payments',
        attributes: { amount: 50_000, method: 'card' },
        relationships: { booking: { data: { type: 'bookings', id: b } } },
      },
    });
    await drain();
    const runs = await runsOf(receipt!.id);
    assert.equal(runs.at(-1)!.attributes.state, 'done');
    const mails = await mailsTo('aoife@client.example');
    assert.equal(mails.length, before + 1);
    assert.equal(mails.at(-1)!.kind, 'conversation');
  });

  it('fires a date trigger on its day in the venue’s zone, and not on another', async () => {
    await suite.db
      .updateTable('organizations')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', venue.orgId)
      .execute();
    const id = await automation({
      name: 'Two weeks out',
      trigger: { type: 'event.upcoming', days: 14 },
      steps: [{ type: 'create_task', title: 'Final numbers', days: 0, assignee: 'owner' }],
    });
    // 20:00 in New York on 30 June is 00:00 UTC on 1 July: its day is 30 June.
    const due = await booking({ start_at: '2031-07-01T00:00:00Z', end_at: '2031-07-01T04:00:00Z' });
    const later = await booking({ start_at: '2031-07-01T05:00:00Z', end_at: '2031-07-01T08:00:00Z' });
    // 23:50 on 15 June in New York: the day before its day.
    at(Date.parse('2031-06-16T03:50:00Z'));
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await startRecurring(suite.db, [dateLookRecurrence], server.clock.now());
    await drain();
    assert.equal((await runsOf(id)).length, 0);
    server.clock.advance(15 * 60_000);
    await drain();
    assert.deepEqual(
      (await runsOf(id)).map((r) => r.relationships.booking.data.id),
      [due],
    );
    server.clock.advance(DAY);
    await drain();
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    assert.deepEqual(
      (await runsOf(id)).map((r) => r.relationships.booking.data.id).sort(),
      [due, later].sort(),
    );
    server.clock.advance(10 * 60_000);
    await drain();
    assert.equal((await runsOf(id)).length, 2, 'each booking once');
  });
});
