/**
 * In a real Chromium, at 1280 px and on a 390 px phone: a member opens a booking whose client has
 * written (her quoted history folded away, her attachment a download), writes to her from a
 * template, previews and sends it; the message shows queued, then sent. The mail she gets fits a
 * 390 px phone. Screenshots at both widths, no sideways scrolling on the phone, no serious or
 * critical axe violation, no CSP violation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { bookingWithClient, clientWrites, VENUE_MAILBOX } from '../helpers/conversation-data.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { mailOnPhone } from '../helpers/mail-on-phone.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

const NOW = Date.parse('2027-04-20T10:00:00Z');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 1)]);

describe('a booking’s conversation in a browser', { skip: chromiumMissing() }, () => {
  eachDatabase((suite) => {
    let browser: Browser;
    let server: TestServer;
    let smtp: TestSmtpServer;
    let sender: MailSender;
    before(async () => {
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
      sender = new MailSender({
        db: server.app.ctx.db,
        config: server.config,
        clock: server.clock,
        logger: createLogger('warn'),
      });
    });
    after(async () => {
      await sender?.stop();
      await server?.close();
      await smtp?.close();
      await browser?.close();
    });

    /** Writes to the client from the booking's page: a template, a line of one's own, a preview, Send. */
    async function writeToClient(page: Page, subject: string) {
      const region = page.getByRole('region', { name: /Conversation/ });
      await region.getByLabel('Start from a template').selectOption({ label: 'General message' });
      await region.getByRole('button', { name: 'Use template', exact: true }).click();
      await page.waitForLoadState();
      assert.match(await page.getByLabel('Message', { exact: true }).inputValue(), /^Dear Amelia,/);
      await page.getByLabel('Subject', { exact: true }).fill(subject);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await page.waitForLoadState();
      const preview = await page.locator('.message-preview').innerText();
      assert.match(preview, new RegExp(`Subject\\s+${subject}`));
      assert.match(preview, /To\s+amelia@client\.example/);
      await screenshot(page, `conversation-preview-${page.viewportSize()?.width ?? 0}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/notice=message-queued/);
      assert.match(await page.locator('p.notice').first().innerText(), /Message queued/);
      const newest = page.locator('li.message').last();
      assert.match(await newest.innerText(), new RegExp(`Queued[\\s\\S]*${subject}`));
    }

    it('shows the client’s mail and sends her a message from a template, at 1280 px and on a phone', async () => {
      const venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
      const { bookingId } = await bookingWithClient(suite.db, venue, server.clock);
      await clientWrites(server.app.ctx.writer, venue.orgId, {
        messageId: 'terrace@client.example',
        subject: 'Our wedding in June',
        sentAt: '2027-04-19T08:30:00.000Z',
        text: 'We would love the terrace for the ceremony, and dinner inside for 90 guests.\n\nOn Fri, 16 Apr 2027 at 10:00, Harbour Rooms <events@harbour.example> wrote:\n> Thank you for your inquiry.\n\n-- \nAmelia Hart',
        attachments: [
          {
            name: 'seating-plan-with-a-rather-long-name-final-v3.png',
            contentType: 'image/png',
            content: PNG,
          },
        ],
      });
      const audit = new PageAudit(browser, 'conversation');
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      audit.watch(page);
      await page.goto(`${server.url}/`);
      await page.getByLabel('E-mail', { exact: true }).fill(venue.member.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/orgs/${venue.orgId}/bookings`);
      const booking = `${server.url}/orgs/${venue.orgId}/bookings/${bookingId}`;
      await page.goto(booking);
      const region = page.getByRole('region', { name: /Conversation/ });
      const client = await region.locator('li.message').first().innerText();
      assert.match(client, /Unread/);
      assert.match(client, /We would love the terrace/);
      assert.doesNotMatch(client, /Thank you for your inquiry/, 'the quoted history is folded');
      await region.getByText('Show quoted text').click();
      assert.match(await region.locator('li.message').first().innerText(), /Thank you for your inquiry/);
      await audit.shoot(page, 'booking-read');
      // Read when a member says so (a post with the page's CSRF token), not when the page opens.
      await page.reload();
      assert.match(await region.locator('li.message').first().innerText(), /Unread/);
      await region.getByRole('button', { name: 'Mark read' }).click();
      await page.waitForURL(/notice=messages-read/);
      assert.doesNotMatch(await region.locator('li.message').first().innerText(), /Unread/);

      await writeToClient(page, 'The terrace is yours');
      server.clock.advance(60_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await writeToClient(page, 'Dinner for 90');
      assert.equal(await sender.sendDue(), 2);
      await page.goto(booking);
      const sent = await page.locator('li.message').allInnerTexts();
      assert.equal(sent.length, 3);
      for (const text of sent.slice(1)) assert.match(text, /^Sent/);
      assert.doesNotMatch(sent[0]!, /Unread/, 'read since it was marked read');
      await page.setViewportSize({ width: 1280, height: 900 });
      await audit.shoot(page, 'booking-sent');
      for (const width of [1280, 390]) await audit.axeCheck(page, 'booking', width);
      await context.close();
      await audit.close();
      assert.deepEqual(audit.cspViolations, [], 'no CSP violations');

      const mail = smtp.received.at(-1)!;
      assert.ok(mail.parsed.text && mail.parsed.html, 'a text and an HTML part');
      const phone = await mailOnPhone(String(mail.parsed.html), 'conversation-mail-390');
      assert.ok(phone.width <= 390, `the mail is ${phone.width} px wide on a phone`);
      assert.deepEqual(phone.wide, []);
    });
  });
});
