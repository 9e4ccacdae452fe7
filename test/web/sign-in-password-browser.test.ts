/**
 * The sign-in page and `/account/password` in headless Chromium on a 390 px phone: no sideways
 * scrolling, no serious or critical axe-core violation, no Content-Security-Policy violation,
 * errors beside their fields, and a changed password signs in; "Forgot your password?" reached
 * from the sign-in page, asking and answered the same way.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';

const missing = chromiumMissing();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;
before(async () => {
  if (!missing) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) stays on.
  await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate('axe.run(document)')) as {
    violations: { id: string; impact: string | null; nodes: unknown[] }[];
  };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length})`);
}

async function fitsThePhone(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  assert.ok(Number(overflow) <= 0, `the page scrolls sideways by ${String(overflow)}px`);
}

eachDatabase((suite) => {
  let server: TestServer;

  before(async () => {
    if (missing) return;
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    if (!missing) await server?.close();
  });

  it('changes a password on a phone, with errors beside their fields', async (t) => {
    if (missing) return t.skip(missing);
    const dialect = suite.database.dialect;
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id);
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
    });

    await page.goto(`${server.url}/account/password`);
    assert.match(page.url(), /\/sign-in\?return_to=%2Faccount%2Fpassword$/);
    await fitsThePhone(page);
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account\/password$/);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
    await page.getByLabel('New password again').fill('a fresh passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForSelector('#current_password-error');
    assert.equal(
      await page.locator('#current_password').getAttribute('aria-describedby'),
      'current_password-error',
    );
    await fitsThePhone(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, `${dialect}-account-password-error`);

    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
    await page.getByLabel('New password again').fill('a fresh passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/account\/password\?changed=1$/);
    assert.match((await page.getByRole('status').textContent()) ?? '', /Your password was changed/);
    await screenshot(page, `${dialect}-account-password-changed`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill('a fresh passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    await context.close();
    assert.deepEqual(cspViolations, []);
  });

  it('asks for a reset link on a phone from the sign-in page', async (t) => {
    if (missing) return t.skip(missing);
    const dialect = suite.database.dialect;
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id);
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
    });

    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await fitsThePhone(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, `${dialect}-forgot-password`);

    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.waitForURL(/\/forgot-password\/sent$/);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Check your e-mail');
    await fitsThePhone(page);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, `${dialect}-forgot-password-sent`);

    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.waitForURL(/\/sign-in$/);
    await context.close();
    assert.deepEqual(cspViolations, []);
  });
});
