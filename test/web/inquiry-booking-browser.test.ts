/**
 * In a real Chromium: a visitor follows a link from another site (its page fulfilled by the
 * browser's router) to the venue's inquiry form, fills it in on a 390 px phone and sends it;
 * Chromium posts it with the page's own origin, which the form takes. The admin then opens the
 * booking it made: the source, the UTM fields and the referrer the form kept, the message's note
 * by Inquiry form, the couple's name whole, the day as all day; screenshots at 1280 and 390 px,
 * no sideways scrolling on the phone, no serious or critical axe violation, no CSP violation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const BLOG = 'https://blog.example/best-venues';

describe('an inquiry’s booking in a browser', { skip: chromiumMissing() }, () => {
  eachDatabase((suite) => {
    let browser: Browser;
    let server: TestServer;
    before(async () => {
      browser = await launchBrowser();
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
      server.clock.setTo(Date.parse('2027-03-01T09:00:00Z'));
    });
    after(async () => {
      await server?.close();
      await browser?.close();
    });

    it('shows staff where the inquiry came from, by whom, and its day as all day', async () => {
      const org = await makeOrganization(suite.db, 'The Old Mill');
      const admin = await makeUser(suite.db, org.id, { role: 'admin' });
      const form = { enabled: true, slug: 'old-mill', event_types: ['Wedding'], embed_origins: [] };
      await suite.db
        .updateTable('organizations')
        .set({ inquiry_form: JSON.stringify(form), inquiry_slug: 'old-mill', timezone: 'Europe/London' })
        .where('id', '=', org.id)
        .execute();
      const audit = new PageAudit(browser, 'inquiry-booking');

      const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await visitor.newPage();
      audit.watch(phone);
      const target = `${server.url}/inquire/old-mill?utm_source=blog&utm_medium=referral&utm_campaign=june-weddings`;
      await phone.route(BLOG, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          // A blog that lets the sites it links to see which of its pages sent the visitor.
          body: `<!doctype html><meta name="referrer" content="unsafe-url"><title>Best venues</title><a href="${target}">Ask the Old Mill</a>`,
        }),
      );
      await phone.goto(BLOG);
      await phone.getByRole('link', { name: 'Ask the Old Mill' }).click();
      await phone.getByRole('heading', { name: 'Ask The Old Mill about your event' }).waitFor();
      await phone.getByLabel('Your name').fill('Amelia Hart & Daniel Reyes');
      await phone.getByLabel('E-mail').fill('amelia.hart@example.com');
      await phone.getByLabel('Type of event').selectOption('Wedding');
      await phone.getByLabel('Date').fill('2027-06-19');
      await phone.getByLabel('Guests').fill('90');
      await phone.getByLabel('Message (optional)').fill('A ceremony by the river, then dinner for 90.');
      server.clock.advance(4_000);
      await phone.getByRole('button', { name: 'Send inquiry' }).click();
      await phone.waitForLoadState();
      assert.match(await phone.locator('main').innerText(), /Thank you/);
      await visitor.close();

      const booking = await suite.db
        .selectFrom('bookings')
        .select('id')
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await staff.newPage();
      audit.watch(page);
      await page.goto(`${server.url}/`);
      await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/orgs/${org.id}/bookings`);
      await page.goto(`${server.url}/orgs/${org.id}/bookings/${booking.id}`);
      const details = page.getByRole('region', { name: 'Details' });
      await details.waitFor();
      const facts = await details.innerText();
      for (const words of [
        'Inquiry form',
        'blog',
        'referral',
        'june-weddings',
        BLOG,
        'Amelia Hart & Daniel Reyes',
        'Sat 19 Jun 2027, all day',
      ])
        assert.ok(facts.includes(words), `the details say "${words}": ${facts}`);
      const notes = await page.getByRole('region', { name: /Notes/ }).innerText();
      assert.match(notes, /Inquiry form/);
      assert.doesNotMatch(notes, /former member/);
      assert.doesNotMatch(await page.locator('main').innerText(), /00:00–00:00/);
      await audit.shoot(page, 'page');
      for (const width of [1280, 390]) await audit.axeCheck(page, 'booking', width);
      await staff.close();
      await audit.close();
      assert.deepEqual(audit.cspViolations, [], 'no CSP violations');
    });
  });
});
