/**
 * In a real Chromium: a visitor, in a fresh context on a 390 px phone, fills in the venue's
 * hosted inquiry form and sends it after the minimum fill time (the injected clock); an admin
 * finds the lead on the pipeline board and opens each report, its chart and table. axe finds no
 * serious or critical violation on these pages at 1280 and 390 px, no page scrolls sideways on
 * the phone, and no page breaks its Content-Security-Policy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { weekdayAt } from '../helpers/test-clock.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const REPORTS = ['Pipeline', 'Conversion', 'Revenue by space', 'Payments due'];

describe('the inquiry form and the reports in a browser', { skip: chromiumMissing() }, () => {
  eachDatabase((suite) => {
    let browser: Browser;
    let server: TestServer;
    before(async () => {
      browser = await launchBrowser();
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    });
    after(async () => {
      await server?.close();
      await browser?.close();
    });

    it('takes a visitor’s inquiry, shows it on the board, and opens each report', async () => {
      server.clock.setTo(weekdayAt(1));
      const org = await makeOrganization(suite.db, 'The Old Mill');
      const admin = await makeUser(suite.db, org.id, { role: 'admin' });
      const form = {
        enabled: true,
        slug: 'old-mill',
        intro: 'Tell us about your day.',
        thank_you: 'Thank you: we answer within a day.',
        event_types: ['Wedding', 'Conference'],
        embed_origins: [],
      };
      await suite.db
        .updateTable('organizations')
        .set({ inquiry_form: JSON.stringify(form), inquiry_slug: 'old-mill' })
        .where('id', '=', org.id)
        .execute();
      const audit = new PageAudit(browser, 'inquiry');

      const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await visitor.newPage();
      audit.watch(phone);
      await phone.goto(`${server.url}/inquire/old-mill?utm_source=newsletter`);
      await phone.getByRole('heading', { name: 'Ask The Old Mill about your event' }).waitFor();
      await phone.getByLabel('Your name').fill('Ada Okafor');
      await phone.getByLabel('E-mail').fill('ada@example.com');
      await phone.getByLabel('Type of event').selectOption('Wedding');
      await phone.getByLabel('Date').fill('2031-09-20');
      await phone.getByLabel('Guests').fill('80');
      await phone.getByLabel('Message (optional)').fill('A ceremony by the river.');
      await audit.shoot(phone, 'form');
      for (const width of [1280, 390]) await audit.axeCheck(phone, 'form', width);
      server.clock.advance(4_000);
      await phone.getByRole('button', { name: 'Send inquiry' }).click();
      await phone.waitForLoadState();
      assert.match(await phone.locator('main').innerText(), /Thank you: we answer within a day\./);
      for (const width of [1280, 390]) await audit.axeCheck(phone, 'thank-you', width);
      await visitor.close();

      const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await staff.newPage();
      audit.watch(page);
      await page.goto(`${server.url}/`);
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/orgs/${org.id}/bookings`);
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Pipeline' })
        .click();
      const inquiries = page.getByRole('region', { name: /^New inquiry/ });
      await inquiries.getByText('Ada Okafor (Wedding)', { exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
      for (const report of REPORTS) {
        await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: report }).click();
        await page.getByRole('heading', { name: report, level: 2 }).waitFor();
        assert.equal((await page.locator('svg.report-chart').count()) >= 1, true, `${report} draws a chart`);
        await audit.shoot(page, report.toLowerCase().replace(/ /g, '-'));
        for (const width of [1280, 390]) await audit.axeCheck(page, report, width);
      }
      await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Pipeline' }).click();
      assert.match(await page.locator('table').innerText(), /lead/);
      await staff.close();
      await audit.close();
      assert.deepEqual(audit.cspViolations, [], 'no CSP violations');
    });
  });
});
