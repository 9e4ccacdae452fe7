/**
 * Settings → Developers → API keys in real headless Chromium: an admin reaches the page by its
 * tab, makes a key by the form's labels, reads the key shown once (no sideways scrolling on a phone),
 * sees it listed and revokes it;
 * axe-core finds no serious or critical violation on the empty page, the one showing the new key,
 * or the list, at a desktop and a phone width, and the real pages report no CSP violation. The
 * HTML is the same on both databases, so this runs on SQLite (api-keys.test.ts covers both).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { onDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const missing = chromiumMissing();

onDatabase('sqlite', (suite) => {
  let browser: Browser;
  let server: TestServer;
  before(async () => {
    if (missing) return;
    browser = await launchBrowser();
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    await server?.close();
    await browser?.close();
  });

  it('makes, shows once, lists and revokes a key, with no accessibility violation', async (t) => {
    if (missing) return t.skip(missing);
    const org = await makeOrganization(suite.db, 'Axe Hall');
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    const audit = new PageAudit(browser, 'api-keys');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    const check = async (name: string) => {
      for (const width of [1280, 390]) await audit.axeCheck(page, name, width);
    };

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.goto(`${server.url}/orgs/${org.id}/settings/team`);
    await page.getByRole('link', { name: 'Developers: API keys' }).click();
    await page.waitForURL(/\/settings\/developers\/api-keys$/);
    await check('empty');

    await page.getByRole('button', { name: 'Make the key' }).click();
    assert.ok(await page.getByText('Name the key').first().isVisible(), 'the error is shown');
    await check('refused');

    await page.getByLabel('Name').fill('Lobby signage');
    await page.getByLabel(/^Read and change/).check();
    await page.getByRole('button', { name: 'Make the key' }).click();
    const key = (await page.locator('#api-key').textContent())?.trim() ?? '';
    assert.match(key, /^mqk_[0-9a-z]{26}[A-Za-z0-9_-]{43}$/);
    await audit.shoot(page, 'made');
    await check('made');

    const answer = await fetch(`${server.url}/v2/organizations`, { headers: { 'x-api-key': key } });
    assert.equal(answer.status, 200);

    await page.goto(`${server.url}/orgs/${org.id}/settings/developers/api-keys`);
    assert.equal(await page.locator('#api-key').count(), 0, 'shown once');
    await check('listed');
    await page.getByRole('button', { name: 'Revoke Lobby signage' }).click();
    await page.waitForURL(/notice=revoked/);
    assert.ok(await page.getByText('The key is revoked').isVisible());
    const refused = await fetch(`${server.url}/v2/organizations`, { headers: { 'x-api-key': key } });
    assert.equal(refused.status, 401);

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
  });
});
