/**
 * The lists of a venue with long names and addresses in headless Chromium on a 390 px phone:
 * contacts, accounts and bookings fit the screen (a long e-mail address breaks instead of
 * pushing the page sideways), with no serious axe-core violation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createContact } from '../../src/crm/contacts/index.js';
import { systemClock } from '../../src/clock.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

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
  await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate('axe.run(document)')) as {
    violations: { id: string; impact: string | null; nodes: unknown[] }[];
  };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length})`);
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

  it('fits the contacts, accounts and bookings lists on a 390 px phone', async (t) => {
    if (missing) return t.skip(missing);
    const venue = await makeWorkspaceVenue(suite.db, 'Long Names Hall');
    const run = <Input, Result>(command: Parameters<typeof write<Input, Result>>[2], input: Input) =>
      write({ db: suite.db, clock: systemClock }, venue.actor, command, input);
    const account = await run(createAccount, {
      name: 'The Worshipful Company of Lighthouse Keepers and Harbour Pilots',
      email: 'celebrations.and.special.events@worshipful-company-of-lighthouse-keepers.example',
      phone: '+44 20 7946 0000 ext. 12345',
      city: 'Kingston upon Hull',
    });
    await run(createContact, {
      first_name: 'Bartholomew',
      last_name: 'Featherstonehaugh-Worthington',
      email: 'bartholomew.featherstonehaugh-worthington@worshipful-company-of-lighthouse-keepers.example',
      phone: '+44 20 7946 0000',
      title: 'Clerk to the Court of Assistants',
      accountId: account.id,
    });
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(venue.admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\//);
    for (const list of ['contacts', 'accounts', 'bookings']) {
      await page.goto(`${server.url}/orgs/${venue.orgId}/${list}`);
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      assert.ok(Number(overflow) <= 0, `${list} scrolls sideways by ${String(overflow)}px on a 390 px phone`);
      assert.deepEqual(await seriousViolations(page), [], list);
      await screenshot(page, `${suite.database.dialect}-phone-${list}`);
    }
    await context.close();
  });
});
