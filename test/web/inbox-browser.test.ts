/**
 * The Inbox in real headless Chromium (SPEC §17): a member opens it from the sections, whose link
 * counts what waits; files one message on the sender's booking, makes a lead of another (and lands
 * on the new booking), dismisses a third, finds the Inbox empty and the dismissed one under
 * Dismissed. Each state is screenshot at 1280 and 390 px, nothing scrolls sideways on the phone,
 * axe-core finds no serious or critical violation at either width, and the real pages report no
 * CSP violation. The HTML is the same on both databases, so this runs on SQLite (inbox.test.ts
 * covers both).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { onDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { ameliaWithTwoBookings, receive } from '../helpers/inbox-mail.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

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

  it('files, makes a lead of and dismisses messages, with no accessibility violation', async (t) => {
    if (missing) return t.skip(missing);
    const venue = await makeWorkspaceVenue(suite.db);
    const [dinner] = await ameliaWithTwoBookings(suite.db, venue);
    await receive(server, venue.orgId, {
      subject: 'Re: Menu for the dinner',
      text: 'Hi both,\nCould the starter be vegetarian for six of us?\nThanks, Amelia\n\nOn Mon, 30 Nov 2026, Harbour Rooms wrote:\n> Here is the menu',
      sentAt: '2026-12-01T09:30:00.000Z',
      attachments: [
        { name: 'dietary-needs.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n') },
      ],
    });
    await receive(server, venue.orgId, {
      subject: 'Corporate away day for 60 people',
      from: { name: 'Jo van der Berg', email: 'jo.vanderberg.events-and-launches@launch-company.example' },
      text: 'We are planning an away day in September.\nDo you have a room for 60 with a projector?',
      sentAt: '2026-12-01T11:05:00.000Z',
    });
    await receive(server, venue.orgId, {
      subject: 'Win a cruise!',
      from: { name: '', email: 'offers@cruise.example' },
      text: 'Click here',
      sentAt: '2026-12-01T12:00:00.000Z',
    });

    const audit = new PageAudit(browser, 'inbox');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    const check = async (name: string, on: Page = page) => {
      await audit.shoot(on, name);
      for (const width of [1280, 390]) await audit.axeCheck(on, name, width);
    };
    const card = (subject: string) => page.getByRole('article', { name: subject });

    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(venue.member.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    const inboxLink = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Inbox/ });
    assert.equal(await inboxLink.textContent(), 'Inbox, 3 waiting');
    await inboxLink.click();
    await page.waitForURL(/\/inbox$/);
    assert.equal(await page.getByRole('article').count(), 3);
    assert.equal(await page.getByRole('article').first().getByRole('heading').textContent(), 'Win a cruise!');
    await check('waiting');

    await card('Re: Menu for the dinner').getByLabel('File on a booking').selectOption(dinner);
    await card('Re: Menu for the dinner').getByRole('button', { name: 'File', exact: true }).click();
    await page.waitForURL(/notice=filed/);
    assert.ok(await page.getByText('Message filed on its booking.').isVisible());
    assert.equal(await page.getByRole('article').count(), 2);
    await check('filed');

    // Filed, it is unread on its booking: Home lists it under Replies waiting.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bookings' }).click();
    const waiting = page.getByRole('region', { name: 'Replies waiting' });
    await waiting.getByRole('link', { name: 'Hart engagement dinner' }).waitFor();
    assert.match((await waiting.textContent()) ?? '', /1 unread/);
    await check('home');
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Inbox/ })
      .click();

    const away = card('Corporate away day for 60 people');
    await away.getByRole('button', { name: 'Make a lead' }).click();
    // The browser asks for the date first (the field is required); then the lead is made.
    assert.match(page.url(), /\/inbox$/);
    await away.getByLabel('Event date of a new lead').fill('2027-09-14');
    await away.getByRole('button', { name: 'Make a lead' }).click();
    await page.waitForURL(/\/bookings\/[^/?#]+$/);
    await page.getByRole('heading', { name: 'Corporate away day for 60 people', level: 1 }).waitFor();
    assert.ok(await page.getByText('E-mail (made a lead in the Inbox)').isVisible());

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /^Inbox/ })
      .click();
    await card('Win a cruise!').getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(/notice=dismissed/);
    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    assert.equal(await inboxLink.textContent(), 'Inbox');
    await check('empty');

    await page
      .getByRole('navigation', { name: 'Inbox views' })
      .getByRole('link', { name: 'Dismissed' })
      .click();
    await page.waitForURL(/\/inbox\/dismissed$/);
    assert.equal(await page.getByRole('article').count(), 1);
    await check('dismissed');
    await page.getByRole('button', { name: 'Restore to the Inbox' }).click();
    await page.waitForURL(/notice=restored/);
    assert.equal(await inboxLink.textContent(), 'Inbox, 1 waiting');

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
  });
});
