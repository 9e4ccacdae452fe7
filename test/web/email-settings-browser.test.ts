/**
 * Settings → E-mail in real headless Chromium against a real IMAP server (Dovecot): an admin
 * reaches the page by its tab, is shown every missing field at once, connects the mailbox by the
 * form's labels, checks the connection (what the folders hold, then the server's words for a
 * wrong password) and removes the mailbox after its confirmation. axe-core finds no serious or
 * critical violation on each state of the page at a desktop and a phone width, nothing scrolls
 * sideways on a phone, and the real pages report no CSP violation. The HTML is the same on both
 * databases, so this runs on SQLite (email-settings.test.ts covers both).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { onDatabase } from '../helpers/databases.js';
import { startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const missing = chromiumMissing();

onDatabase('sqlite', (suite) => {
  let browser: Browser;
  let server: TestServer;
  let dovecot: TestDovecot | undefined;
  before(async () => {
    if (missing) return;
    dovecot = await startDovecot();
    browser = await launchBrowser();
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
      { listen: true },
    );
  });
  after(async () => {
    await server?.close();
    await browser?.close();
    await dovecot?.stop();
  });

  it('connects, checks and removes the mailbox, with no accessibility violation', async (t) => {
    if (missing) return t.skip(missing);
    if (!dovecot) return t.skip('Dovecot is not available');
    const org = await makeOrganization(suite.db, 'Harbour Rooms');
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    const audit = new PageAudit(browser, 'email-settings');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    const check = async (name: string, on: Page = page) => {
      await audit.shoot(on, name);
      for (const width of [1280, 390]) await audit.axeCheck(on, name, width);
    };
    const fill = async (password: string) => {
      await page.getByLabel('IMAP server').fill(dovecot!.host);
      await page.getByLabel('Security').selectOption('none');
      await page.getByLabel('Port').fill(String(dovecot!.port));
      await page.getByLabel('User name').fill('venue');
      await page.getByLabel('Password').fill(password);
      await page.getByLabel('Folders').fill('INBOX, Sent');
      await page.getByLabel(/^Address/).fill('events@harbour.example');
    };

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.goto(`${server.url}/orgs/${org.id}/settings/team`);
    await page.getByRole('link', { name: 'E-mail', exact: true }).click();
    await page.waitForURL(/\/settings\/email$/);
    await check('empty');

    await page.getByRole('button', { name: 'Save the mailbox' }).click();
    assert.ok(await page.getByText('Please correct these fields').isVisible(), 'the errors are summed up');
    assert.ok(await page.locator('#field-host-error').isVisible(), 'the host’s error is beside it');
    assert.ok(await page.locator('#field-password-error').isVisible(), 'the password’s error is beside it');
    await check('refused');

    await fill('imap-pass-7c21');
    await page.getByRole('button', { name: 'Save the mailbox' }).click();
    await page.waitForURL(/notice=saved/);
    assert.ok(await page.getByText('Mailbox saved: Marquee reads it now.').isVisible());
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page.getByText('Connected: INBOX has 0 messages, Sent has 0 messages.').waitFor();
    await check('connected');

    await page.getByLabel('Password').fill('not-the-imap-pass');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/notice=saved/);
    // The reader fails too, and the page says so in the server's words beside the check's.
    const reader = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
    });
    assert.match((await reader.readOne(org.id)).error ?? '', /Authentication failed/);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page.getByText('The connection check failed.').waitFor();
    assert.ok(await page.getByText('Failing', { exact: true }).isVisible());
    assert.match((await page.locator('.warning').textContent()) ?? '', /Authentication failed/);
    await check('check-failed');

    await page.getByRole('link', { name: 'Remove mailbox…' }).click();
    await page.waitForURL(/\/settings\/email\/remove$/);
    await check('remove');
    await page.getByRole('button', { name: 'Remove the mailbox' }).click();
    await page.waitForURL(/notice=removed/);
    assert.ok(await page.getByText('No mailbox is connected.').isVisible());

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
  });
});
