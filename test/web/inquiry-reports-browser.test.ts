/**
 * In a real Chromium: a visitor, in a fresh context on a 390 px phone, fills in the venue's
 * hosted inquiry form and sends it after the minimum fill time (the injected clock); an admin
 * finds the lead on the pipeline board and opens each report, its chart and table. axe finds no
 * serious or critical violation on these pages at 1280 and 390 px, no page scrolls sideways on
 * the phone, and no page breaks its Content-Security-Policy. On the phone as on a desktop each
 * chart's words and figures are drawn at 12 px or more and none is cut off at its edge, and each
 * figure of a report's table stands under its column's name when the rows stack.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createBooking } from '../../src/crm/bookings/booking.commands.js';
import { createContact } from '../../src/crm/contacts/index.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import type { Db } from '../../src/db/database.js';
import { type Actor, staffActor } from '../../src/policy/actor.js';
import type { Clock } from '../../src/clock.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { weekdayAt } from '../helpers/test-clock.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const REPORTS = ['Pipeline', 'Conversion', 'Revenue by space', 'Payments due'];

/** A definite booking in two spaces, one with a long name, priced, its deposit overdue, its contact's address long. */
async function bookedAndDue(db: Db, clock: Clock, actor: Actor): Promise<void> {
  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write({ db, clock }, actor, command, input);
  const gallery = await run(createSpace, { name: 'The Long Gallery and Riverside Terrace', capacity: 140 });
  const boathouse = await run(createSpace, { name: 'Boathouse', capacity: 60 });
  const account = await run(createAccount, { name: 'Featherstonehaugh-Worthington Family' });
  const contact = await run(createContact, {
    first_name: 'Bartholomew',
    last_name: 'Featherstonehaugh-Worthington',
    email: 'bartholomew.featherstonehaugh-worthington@lighthouse-keepers.example',
    accountId: account.id,
  });
  const booking = await run(createBooking, {
    name: 'Featherstonehaugh-Worthington wedding',
    status: 'definite',
    start_at: '2031-05-16T12:00:00Z',
    end_at: '2031-05-16T22:00:00Z',
    timezone: 'Europe/London',
    currency: 'EUR',
    accountId: account.id,
    contactId: contact.id,
    spaceIds: [gallery.id, boathouse.id],
  });
  await run(createLineItem, {
    bookingId: booking.id,
    name: 'Venue hire',
    category: 'rental',
    unit: 'flat',
    unit_price: 1_234_500,
  });
  await run(createInstallment, {
    bookingId: booking.id,
    label: 'Deposit',
    amount: 300_000,
    due_date: '2031-05-01',
  });
}

/**
 * What does not read on the page as it is now, in words: a chart's text under 12 px (its font
 * size times the drawing's scale on the screen, and its box) or cut off at the chart's edge, and
 * a table cell with a figure that, with its row stacked, does not show its column's name first,
 * and a table wider than its box.
 */
const UNREADABLE = `(() => {
  const problems = [];
  let texts = 0;
  for (const chart of document.querySelectorAll('svg.report-chart')) {
    const edge = chart.getBoundingClientRect();
    const scale = chart.getScreenCTM().a;
    for (const text of chart.querySelectorAll('text')) {
      texts += 1;
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      const box = text.getBoundingClientRect();
      if (size < 12 || box.height < 12) problems.push(text.textContent + ' is drawn at ' + size + ' px');
      if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) problems.push(text.textContent + ' is cut off');
    }
  }
  const table = document.querySelector('table.report');
  const names = [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());
  const stacked = getComputedStyle(table.tHead).display === 'none';
  let cells = 0;
  for (const row of table.tBodies[0].rows)
    [...row.cells].forEach((td, i) => {
      if (td.textContent.trim() === '') return;
      cells += 1;
      const before = getComputedStyle(td, '::before').content;
      if (td.dataset.label !== names[i]) problems.push(td.textContent + ' is labelled ' + td.dataset.label + ', not ' + names[i]);
      if (stacked && !before.includes(names[i])) problems.push(td.textContent + ' shows ' + before + ' before it');
    });
  const box = table.parentElement;
  if (box.scrollWidth > box.clientWidth) problems.push('the table is ' + box.scrollWidth + ' px wide in a box of ' + box.clientWidth);
  return { problems, texts, cells, stacked, width: document.scrollingElement.scrollWidth };
})()`;

interface Readability {
  problems: string[];
  texts: number;
  cells: number;
  stacked: boolean;
  width: number;
}

/** At 390 px and at 1280 px: nothing unreadable, and on the phone the rows stack and nothing is wider than it. */
async function assertReadable(page: Page, report: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const seen = (await page.evaluate(UNREADABLE)) as Readability;
    assert.deepEqual(seen.problems, [], `${report} at ${width} px`);
    assert.ok(
      seen.texts >= 2 && seen.cells >= 2,
      `${report} draws and tabulates its rows: ${JSON.stringify(seen)}`,
    );
    assert.equal(seen.stacked, width === 390, `${report}'s rows stack on the phone only`);
    if (width === 390) assert.ok(seen.width <= 390, `${report} is ${seen.width} px wide on a 390 px phone`);
  }
}

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
      const actor: Actor = staffActor({
        organizationId: org.id,
        userId: admin.id,
        role: 'admin',
        door: 'workspace',
      });
      await bookedAndDue(suite.db, server.clock, actor);
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
        await assertReadable(page, report);
        for (const width of [1280, 390]) await audit.axeCheck(page, report, width);
      }
      await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Pipeline' }).click();
      assert.match(await page.locator('table').innerText(), /Lead/);
      await staff.close();
      await audit.close();
      assert.deepEqual(audit.cspViolations, [], 'no CSP violations');
    });
  });
});
