/**
 * The conversation on a booking, walked end to end in real Chromium against a real server, a real
 * SMTP server and a real IMAP server (Dovecot), on both databases (SPEC §17): an admin connects the
 * venue's mailbox in Settings → E-mail; a member writes to the client from a template, and the mail
 * goes to the SMTP server with its Message-ID and the booking's plus-tagged conversation address as
 * Reply-To; the client's answer, composed as her mail program does (test/helpers/client-reply.ts),
 * is appended to the mailbox by IMAP and filed by the venue's mailbox reader; the member finds it
 * Unread on the booking with its quoted history folded, and marks it read. A message from a sender
 * nobody knows waits in the Inbox; the member files it on the booking, where it then shows. The
 * Conversation and the Inbox are screenshot at 1280 and 390 px, nothing scrolls sideways, axe-core
 * finds no serious or critical violation, and the real pages report no CSP violation.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/http/logger.js';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { CLIENT_REPLY, composed, UNKNOWN_SENDER } from '../helpers/client-reply.js';
import { bookingWithClient, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { dovecotMissing, startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

const NOW = Date.parse('2027-04-20T10:00:00Z');
const missing = chromiumMissing() || dovecotMissing();
/** What the member writes under the template's greeting; the client's mail program quotes it. */
const WRITTEN =
  'Dear Amelia,\n\nThe terrace is yours for the ceremony on 19 June, and dinner will be inside for 90 guests.\n\nWarm regards,\nHarbour Rooms';

eachDatabase((suite) => {
  let browser: Browser;
  let server: TestServer;
  let smtp: TestSmtpServer;
  let dovecot: TestDovecot | undefined;
  let sender: MailSender;
  let reader: MailboxReader;
  before(async () => {
    if (missing) return;
    dovecot = await startDovecot();
    browser = await launchBrowser();
    smtp = new TestSmtpServer();
    server = await startTestServer(
      suite.database,
      {
        RATE_LIMIT_PER_MINUTE: '0',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        SMTP_URL: await smtp.start(),
        MAIL_FROM: `Harbour Rooms <${VENUE_MAILBOX}>`,
      },
      { listen: true },
    );
    server.clock.setTo(NOW);
    const logger = createLogger('warn');
    sender = new MailSender({ db: server.app.ctx.db, config: server.config, clock: server.clock, logger });
    reader = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger,
      allowPrivateNetworks: true,
      sending: true,
    });
  });
  after(async () => {
    await reader?.stop();
    await sender?.stop();
    await server?.close();
    await smtp?.close();
    await browser?.close();
    await dovecot?.stop();
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

  it('writes to the client, files her reply and a stranger’s message from the real mailbox, at 1280 px and on a phone', async (t) => {
    if (missing) return t.skip(missing);
    if (!dovecot) return t.skip('Dovecot is not available');
    const venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
    const audit = new PageAudit(browser, 'conversation-walk');
    const check = async (page: Page, name: string) => {
      await audit.shoot(page, name);
      for (const width of [1280, 390]) await audit.axeCheck(page, name, width);
    };

    // An admin connects the venue's mailbox in Settings → E-mail.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const settings = await signIn(adminContext, venue.admin.email);
    audit.watch(settings);
    await settings.goto(`${server.url}/orgs/${venue.orgId}/settings/email`);
    await settings.getByLabel('IMAP server').fill(dovecot.host);
    await settings.getByLabel('Security').selectOption('none');
    await settings.getByLabel('Port').fill(String(dovecot.port));
    await settings.getByLabel('User name').fill(dovecot.users[0]!.user);
    await settings.getByLabel('Password').fill(dovecot.users[0]!.password);
    await settings.getByLabel('Folders').fill('INBOX, Sent');
    await settings.getByLabel(/^Address/).fill(VENUE_MAILBOX);
    await settings.getByRole('button', { name: 'Save the mailbox' }).click();
    await settings.waitForURL(/notice=saved/);
    await adminContext.close();

    // A member writes to the client from a template; the mail goes to the SMTP server.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, venue.member.email);
    audit.watch(page);
    const booking = `${server.url}/orgs/${venue.orgId}/bookings/${bookingId}`;
    await page.goto(booking);
    const region = page.getByRole('region', { name: /Conversation/ });
    await region.getByLabel('Start from a template').selectOption({ label: 'General message' });
    await region.getByRole('button', { name: 'Use template', exact: true }).click();
    await page.waitForLoadState();
    assert.match(await page.getByLabel('Message', { exact: true }).inputValue(), /^Dear Amelia,/);
    await page.getByLabel('Subject', { exact: true }).fill('The terrace is yours');
    await page.getByLabel('Message', { exact: true }).fill(WRITTEN);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/notice=message-queued/);
    assert.equal(await sender.sendDue(), 1);
    const sent = smtp.received.at(-1)!;
    assert.deepEqual(sent.to, ['amelia@client.example']);
    assert.equal(sent.parsed.subject, 'The terrace is yours');
    const sentMessageId = sent.parsed.messageId ?? '';
    assert.match(sentMessageId, /^<[^<>@\s]+@[^<>\s]+>$/);
    const conversationAddress = sent.parsed.replyTo?.value[0]?.address ?? '';
    assert.match(conversationAddress, /^events\+bk-\d+-[0-9a-f]{8}@harbour\.example$/);

    // Her answer, as her mail program writes it, arrives in the mailbox; the venue's reader files it.
    server.clock.advance(2 * 60_000);
    const reply = composed(CLIENT_REPLY, {
      CONVERSATION_ADDRESS: conversationAddress,
      SENT_MESSAGE_ID: sentMessageId,
    });
    await dovecot.append(reply);
    assert.equal((await reader.readOne(venue.orgId)).filed, 1, await dovecot.log());
    const filed = await suite.db
      .selectFrom('messages')
      .select(['direction', 'booking_id', 'in_reply_to', 'subject'])
      .where('organization_id', '=', venue.orgId)
      .where('message_id', '=', 'CAHart-terrace-reply-0420@mail.client.example')
      .executeTakeFirstOrThrow();
    assert.equal(filed.booking_id, bookingId);
    assert.equal(filed.direction, 'in');
    assert.equal(filed.in_reply_to, sentMessageId.slice(1, -1), 'it names the mail it answers');

    // The member finds it on the booking: unread, her quoted history folded away.
    await page.goto(booking);
    const answer = region.locator('li.message').last();
    const words = await answer.innerText();
    assert.match(words, /Unread/);
    assert.match(words, /Re: The terrace is yours/);
    assert.match(words, /Could we come by on a Saturday morning/);
    assert.doesNotMatch(words, /dinner will be\s+>?\s*inside for 90 guests/, 'the quoted history is folded');
    assert.match(await region.getByRole('heading', { level: 2 }).innerText(), /1 unread/);
    await check(page, 'reply');
    await answer.getByText('Show quoted text').click();
    assert.match(await answer.innerText(), /dinner will be\s+>?\s*inside for 90 guests/);
    await region.getByRole('button', { name: 'Mark read' }).click();
    await page.waitForURL(/notice=messages-read/);
    assert.doesNotMatch(await region.locator('li.message').last().innerText(), /Unread/);

    // A stranger's message waits in the Inbox; the member files it on the booking.
    server.clock.advance(60 * 60_000);
    await dovecot.append(composed(UNKNOWN_SENDER));
    assert.equal((await reader.readOne(venue.orgId)).filed, 1, await dovecot.log());
    await page.reload();
    const inboxLink = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Inbox/ });
    assert.equal(await inboxLink.textContent(), 'Inbox, 1 waiting');
    await inboxLink.click();
    await page.waitForURL(/\/inbox$/);
    const card = page.getByRole('article', { name: 'Flowers for the Hart wedding on 19 June' });
    const shown = await card.innerText();
    assert.match(shown, /sam@reyes-planning\.example/);
    // The lines her mail program wrapped are one line again: they wrap to the phone's width.
    assert.match(shown, /When can our florist come in to dress the terrace/);
    await check(page, 'inbox');
    await card.getByLabel('File on a booking').selectOption(bookingId);
    await card.getByRole('button', { name: 'File', exact: true }).click();
    await page.waitForURL(/notice=filed/);
    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    assert.equal(await inboxLink.textContent(), 'Inbox');

    await page.goto(booking);
    const messages = await region.locator('li.message').allInnerTexts();
    assert.equal(messages.length, 3);
    assert.match(messages[0]!, /^Sent[\s\S]*The terrace is yours/);
    assert.doesNotMatch(messages[1]!, /Unread/);
    assert.match(messages[2]!, /Unread[\s\S]*Flowers for the Hart wedding[\s\S]*water nearby/);
    await check(page, 'filed');

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
  });
});
