/**
 * Approvals in the workspace (SPEC §18), over HTTP: the mails automations drafted for a member
 * are listed with their booking and recipients; *Send* sends the subject and text as edited and
 * *Skip* sends nothing, each moving the run on; a draft sent already is refused in words; the
 * navigation counts the drafts awaiting approval beside *Approvals* on every page.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { automationJobHandlers, createAutomation } from '../../src/crm/automations/index.js';
import { updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { silent } from '../jobs/job-fixtures.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let member: { session: BrowserSession; csrf: string };
  let runs: string[];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2031-06-02T09:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    await suite.db
      .updateTable('contacts')
      .set({ email: 'ada@lumen.example' })
      .where('id', '=', venue.contactId)
      .execute();
    const writer = { db: suite.db, clock: server.clock };
    const template = await suite.db
      .selectFrom('email_templates')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .where('kind', '=', 'follow_up')
      .executeTakeFirstOrThrow();
    await write(writer, venue.actor, createAutomation, {
      name: 'Checked hello',
      enabled: true,
      trigger: { type: 'booking.status_changed', status: 'tentative' },
      steps: [{ type: 'send_email', template_id: template.id, to: 'client', requires_approval: true }],
    });
    for (const name of ['Byron dinner', 'Byron lunch']) {
      const booking = await addBooking(
        suite.db,
        venue.actor,
        {
          name,
          status: 'lead',
          start_at: '2031-09-01T17:00:00Z',
          end_at: '2031-09-01T22:00:00Z',
          contactId: venue.contactId,
          accountId: venue.accountId,
        },
        server.clock,
      );
      await write(writer, venue.actor, updateBooking, {
        id: booking.id,
        ifMatch: undefined,
        input: { status: 'tentative' },
      });
    }
    const runner = new JobRunner({
      writer,
      logger: silent,
      handlers: automationJobHandlers({ rendering: server.app.ctx, sending: false, baseUrl: server.url }),
      retrySchedule: [5],
      pollMs: 60_000,
    });
    while ((await runner.drain()) > 0);
    const rows = await suite.db
      .selectFrom('automation_runs')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .orderBy('id')
      .execute();
    runs = rows.map((r) => r.id);
    member = await workspaceSession(server, venue.member.email, venue.orgId);
  });
  after(() => server.close());

  const mails = () =>
    suite.db
      .selectFrom('outgoing_mail')
      .selectAll()
      .where('to_address', '=', 'ada@lumen.example')
      .orderBy('id')
      .execute();

  it('lists each drafted mail with its booking and recipient, in the navigation too', async () => {
    assert.equal(runs.length, 2);
    const page = await member.session.request(`${o}/approvals`);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /aria-current="page">Approvals/);
    for (const run of runs) {
      assert.ok(page.body.includes(`id="subject-${run}"`));
      assert.ok(page.body.includes(`action="${o}/approvals/${run}/send"`));
    }
    // The count beside Approvals on every page, one per drafted mail awaiting a member's word.
    const approvalsLink =
      /Approvals<span class="visually-hidden">,<\/span> <span class="nav-count">2<\/span><span class="visually-hidden"> awaiting approval<\/span>/;
    assert.match(page.body, approvalsLink);
    assert.match((await member.session.request(`${o}/tasks`)).body, approvalsLink);
    assert.match(page.body, /Byron dinner/);
    assert.match(page.body, /Ada Byron &lt;ada@lumen.example&gt;/);
    assert.equal((await mails()).length, 0, 'nothing is sent before a member sends it');
  });

  it('sends a draft as edited, skips another, and refuses to send one twice', async () => {
    const sent = await member.session.request(`${o}/approvals/${runs[0]}/send`, {
      form: {
        _csrf: member.csrf,
        subject: 'Your dinner with us',
        text: 'Dear Ada,\n\nHere is what we hold for you.',
      },
    });
    assert.equal(sent.status, 303, sent.body);
    const after = await member.session.follow(sent.location!);
    assert.match(after.body, /role="status" class="notice">Sent\./);
    assert.ok(!after.body.includes(`id="subject-${runs[0]}"`));
    assert.match(
      after.body,
      /Approvals<span class="visually-hidden">,<\/span> <span class="nav-count">1<\/span>/,
    );
    const list = await mails();
    assert.equal(list.length, 1);
    assert.equal(list[0]!.subject, 'Your dinner with us');
    assert.match(list[0]!.text_body, /Here is what we hold for you\./);

    const skipped = await member.session.request(`${o}/approvals/${runs[1]}/skip`, {
      form: { _csrf: member.csrf },
    });
    assert.equal(skipped.status, 303, skipped.body);
    assert.equal((await mails()).length, 1);
    const states = await suite.db
      .selectFrom('automation_runs')
      .select('state')
      .where('organization_id', '=', venue.orgId)
      .execute();
    assert.deepEqual(
      states.map((s) => s.state),
      ['done', 'done'],
    );

    const again = await member.session.request(`${o}/approvals/${runs[0]}/send`, {
      form: { _csrf: member.csrf, subject: 'Again', text: 'Again' },
    });
    assert.equal(again.status, 409);
    assert.match(again.body, /does not await approval/);
    assert.equal((await mails()).length, 1);
    const empty = await member.session.request(`${o}/approvals`);
    assert.match(empty.body, /Nothing awaits approval\./);
    assert.match(empty.body, /aria-current="page">Approvals<\/a>/, 'no count once none awaits');
  });
});
