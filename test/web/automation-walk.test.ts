/**
 * The follow-up of a proposal, walked end to end in real Chromium against a real server and a real
 * SMTP server, on both databases (SPEC §18): an admin turns on the shipped "follow up 3 days after
 * a proposal is sent unless signed or answered" automation in one click and, in its readable
 * editor, ticks that its e-mail waits for approval; a member sends a proposal from the booking;
 * three days on, in the venue's sending window, the job runner `serve` runs takes the due step and
 * the drafted mail waits under Approvals, counted in the navigation; the member edits its subject
 * and text and sends it. It reaches the SMTP server once, as edited; the run is `done` in
 * /v2/automation_runs; the booking's Conversation shows it sent. Approvals and the Conversation are
 * screenshot at 1280 and 390 px, nothing scrolls sideways, axe-core finds no serious or critical
 * violation, the real pages report no CSP violation and the server logs no warning or error.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/http/logger.js';
import { serveJobRunner } from '../../src/background/built-in.js';
import type { JobRunner } from '../../src/jobs/runner.js';
import { MailSender } from '../../src/mail/sender.js';
import { call } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { bookingWithClient, CLIENT, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeApiKey, TEST_PASSWORD } from '../helpers/factories.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

/** Monday 19 April 2027, 10:00 in London (summer time): inside the default sending window. */
const NOW = Date.parse('2027-04-19T09:00:00Z');
const DAY = 86_400_000;
const EDITED_SUBJECT = 'Your terrace wedding: any questions?';
const missing = chromiumMissing();

interface RunResource {
  id: string;
  attributes: { state: string; next_at: string | null; step_index: number; log: { result: string }[] };
}

eachDatabase((suite) => {
  let browser: Browser;
  let server: TestServer;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let runner: JobRunner;
  /** What the mail sender and the job runner log, warnings and errors only. */
  const workerLogs: string[] = [];
  before(async () => {
    if (missing) return;
    browser = await launchBrowser();
    smtp = new TestSmtpServer();
    server = await startTestServer(
      suite.database,
      {
        RATE_LIMIT_PER_MINUTE: '0',
        SMTP_URL: await smtp.start(),
        MAIL_FROM: `Harbour Rooms <${VENUE_MAILBOX}>`,
      },
      { listen: true },
    );
    server.clock.setTo(NOW);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        workerLogs.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger('warn', sink);
    sender = new MailSender({ db: server.app.ctx.db, config: server.config, clock: server.clock, logger });
    // The runner every `serve` process runs (src/server.ts), with its handlers and configuration.
    runner = serveJobRunner({
      writer: server.app.ctx.writer,
      config: server.config,
      logger,
      rendering: server.app.ctx,
    }).runner;
  });
  after(async () => {
    await runner?.stop();
    await sender?.stop();
    await server?.close();
    await smtp?.close();
    await browser?.close();
  });

  async function signIn(context: BrowserContext, email: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    return page;
  }

  /** Runs every job due now, as the runner does when it wakes. */
  async function runDueJobs(): Promise<void> {
    while ((await runner.drain()) > 0);
  }

  it('follows up a sent proposal with a mail a member approves as edited, at 1280 px and on a phone', async (t) => {
    if (missing) return t.skip(missing);
    const venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
    const key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: venue.member.id, name: 'Runs', scopes: ['crm_read'] },
      NOW,
    );
    const runsOfBooking = async () => {
      const response = await call<{ data: RunResource[] }>(
        server,
        `/v2/automation_runs?filter[booking_id][eq]=${bookingId}`,
        { org: venue.orgId, headers: { 'x-api-key': key.secret } },
      );
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data;
    };
    const audit = new PageAudit(browser, 'automation-walk');
    const check = async (page: Page, name: string) => {
      await audit.shoot(page, name);
      for (const width of [1280, 390]) await audit.axeCheck(page, name, width);
    };

    // An admin turns the shipped follow-up on in one click, then ticks that its mail waits for approval.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const settings = await signIn(adminContext, venue.admin.email);
    audit.watch(settings);
    await settings.goto(`${server.url}/orgs/${venue.orgId}/settings/automations`);
    await settings.getByRole('button', { name: 'Turn on Follow up a proposal' }).click();
    await settings.getByText('Follow up a proposal turned on.').waitFor();
    await settings.getByRole('link', { name: 'Steps of Follow up a proposal' }).click();
    await settings.getByRole('heading', { name: 'Follow up a proposal', level: 1 }).waitFor();
    const steps = settings.getByRole('region', { name: 'Steps' });
    assert.match(
      await steps.innerText(),
      /Wait 3 days until 09:00 in the sending window\.\s+E-mail the client \(Following up on our proposal template\)\./,
    );
    const approval = steps.getByLabel(/^Wait under Approvals for a member to send it/);
    assert.equal(await approval.isChecked(), false, 'the shipped follow-up sends by itself');
    await approval.check();
    await steps.getByRole('button', { name: 'Save the steps' }).click();
    await settings.getByText('Steps saved.').waitFor();
    assert.equal(await steps.getByLabel(/^Wait under Approvals/).isChecked(), true);
    assert.match(
      await settings.locator('main').innerText(),
      /draft an e-mail, for a member to approve, to the client/,
    );
    await check(settings, 'automation');
    await adminContext.close();

    // A member sends the booking's proposal from the workspace; it goes to the client.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, venue.member.email);
    audit.watch(page);
    const booking = `${server.url}/orgs/${venue.orgId}/bookings/${bookingId}`;
    await page.goto(booking);
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByLabel('New version of').selectOption({ label: 'Proposal' });
    await documents.getByRole('button', { name: 'Make it' }).click();
    await page.getByRole('heading', { name: 'Proposal v1' }).waitFor();
    await page.getByRole('button', { name: 'Send to client' }).click();
    await page.getByLabel('Client link').waitFor();
    assert.equal(await sender.sendDue(), 1, 'the proposal goes to the client');
    const proposalMails = smtp.received.length;

    // The runner enrols the booking: its run waits three days, to 09:00 in London.
    await runDueJobs();
    const [waiting] = await runsOfBooking();
    assert.equal(waiting?.attributes.state, 'waiting');
    assert.equal(Date.parse(waiting.attributes.next_at ?? ''), Date.parse('2027-04-22T08:00:00Z'));

    // Three days on, Thursday 10:00 in London: the runner takes the due step; the mail is drafted, unsent.
    server.clock.advance(3 * DAY);
    await runDueJobs();
    const [drafted] = await runsOfBooking();
    assert.equal(drafted?.attributes.state, 'awaiting_approval');
    assert.equal(await sender.sendDue(), 0, 'nothing goes before a member sends it');

    // The member finds it under Approvals, counted in the navigation, edits it and sends it.
    // Three days on, her session has ended: she signs in again and comes back to the booking.
    await page.goto(booking);
    await page.getByLabel('E-mail').fill(venue.member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(booking);
    const approvalsLink = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Approvals/ });
    assert.equal(await approvalsLink.textContent(), 'Approvals, 1 awaiting approval');
    await approvalsLink.click();
    await page.waitForURL(/\/approvals$/);
    const draft = page.locator('section.approval');
    assert.equal(await draft.count(), 1);
    const words = await draft.innerText();
    assert.match(words, /Follow up a proposal/);
    assert.match(words, /Hart wedding/);
    assert.match(words, new RegExp(`to Amelia Hart <${CLIENT}>`));
    assert.match(await draft.getByLabel('Text').inputValue(), /Amelia/);
    await check(page, 'approvals');
    await draft.getByLabel('Subject').fill(EDITED_SUBJECT);
    const text = await draft.getByLabel('Text').inputValue();
    assert.match(text, /\nWarm regards,\n/);
    const edited = text.replace(
      '\nWarm regards,',
      '\nThe terrace is still held for you until Friday.\n\nWarm regards,',
    );
    await draft.getByLabel('Text').fill(edited);
    await draft.getByRole('button', { name: /^Send/ }).click();
    await page.waitForURL(/notice=sent/);
    await page.getByText('Nothing awaits approval.').waitFor();
    assert.equal(await approvalsLink.textContent(), 'Approvals');

    // It reaches the SMTP server once, as edited; the run is done.
    assert.equal(await sender.sendDue(), 1);
    await runDueJobs();
    assert.equal(await sender.sendDue(), 0);
    const followUps = smtp.received.slice(proposalMails);
    assert.equal(followUps.length, 1, 'the follow-up is sent once');
    assert.deepEqual(followUps[0]!.to, [CLIENT]);
    assert.equal(followUps[0]!.parsed.subject, EDITED_SUBJECT);
    assert.match(followUps[0]!.parsed.text ?? '', /The terrace is still held for you until Friday\./);
    const [done] = await runsOfBooking();
    assert.equal(done?.attributes.state, 'done');

    // The booking's Conversation shows the follow-up, sent.
    await page.goto(booking);
    const conversation = page.getByRole('region', { name: /Conversation/ });
    const sent = await conversation.locator('li.message').last().innerText();
    assert.match(sent, /^Sent/);
    assert.match(sent, new RegExp(EDITED_SUBJECT));
    await check(page, 'conversation');

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
    assert.deepEqual(server.logs, [], 'the server logs no warning or error');
    assert.deepEqual(workerLogs, [], 'the runner and the mail sender log no warning or error');
  });
});
