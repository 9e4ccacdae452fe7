/**
 * A venue's own fields walked end to end in real Chromium against a listening server, on both
 * databases (SPEC §19): an admin defines three fields in Settings → Custom fields (a select and a
 * money field of bookings, a text field of contacts; the select and the text asked on the inquiry
 * form); a member fills the booking's in its edit form and reads them in words on its page, then
 * shows the select as a column of the bookings list and filters on it; a visitor on a 390 px phone
 * answers them on the public inquiry form, and they land on the lead's booking and its contact; an
 * admin names `{{ booking.custom.<key> }}` in the proposal template and the member's proposal
 * prints the value in words (its first page kept as a PNG to look at). Each page is screenshot at
 * 1280 and 390 px, nothing scrolls sideways, axe-core finds no serious or critical violation, no
 * CSP violation, and the server logs no warning or error.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addBooking, makeWorkspaceVenue } from '../helpers/workspace-data.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, SCREENSHOT_DIR } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { pdfText } from '../helpers/pdf-text.js';
import { PageAudit } from '../helpers/workspace-audit.js';

const NOW = Date.parse('2026-10-01T09:00:00Z');
const missing = chromiumMissing();
const PDFTOPPM = '/usr/bin/pdftoppm';

eachDatabase((suite) => {
  let browser: Browser;
  let server: TestServer;
  before(async () => {
    if (missing) return;
    browser = await launchBrowser();
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    server.clock.setTo(NOW);
  });
  after(async () => {
    await server?.close();
    await browser?.close();
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

  it('defines fields, fills them, lists, filters, asks them of a visitor and prints them, at 1280 px and on a phone', async (t) => {
    if (missing) return t.skip(missing);
    const venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    const form = { enabled: true, slug: 'harbour-rooms', event_types: ['Wedding'], embed_origins: [] };
    await suite.db
      .updateTable('organizations')
      .set({ inquiry_form: JSON.stringify(form), inquiry_slug: 'harbour-rooms' })
      .where('id', '=', venue.orgId)
      .execute();
    const other = await addBooking(
      suite.db,
      venue.actor,
      {
        name: 'Quayside launch',
        status: 'tentative',
        start_at: '2026-12-02T18:00:00Z',
        end_at: '2026-12-02T22:00:00Z',
        timezone: 'Europe/London',
        accountId: venue.accountId,
        spaceIds: [venue.spaceId],
      },
      server.clock,
    );
    const o = `${server.url}/orgs/${venue.orgId}`;
    const prefix = `${suite.database.dialect}-custom-fields-walk`;
    const audit = new PageAudit(browser, prefix);
    const check = async (page: Page, name: string) => {
      await audit.shoot(page, name);
      for (const width of [1280, 390]) await audit.axeCheck(page, name, width);
    };

    // 1. An admin defines the fields in Settings → Custom fields.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await signIn(adminContext, venue.admin.email);
    audit.watch(admin);
    await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await admin
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Custom fields' })
      .click();
    await admin.getByRole('heading', { name: 'Custom fields', exact: true }).waitFor();
    const define = async (
      noun: string,
      field: { label: string; key: string; type: string; options?: Array<[string, string]>; asked?: boolean },
    ) => {
      await admin.getByRole('navigation', { name: 'Record types' }).getByRole('link', { name: noun }).click();
      await admin.getByRole('link', { name: `Add a field of ${noun.toLowerCase()}` }).click();
      await admin.getByLabel('Label', { exact: true }).fill(field.label);
      await admin.getByLabel('Key', { exact: true }).fill(field.key);
      await admin.getByLabel('Type', { exact: true }).selectOption(field.type);
      for (const [i, [value, label]] of (field.options ?? []).entries()) {
        await admin.getByLabel(`Value ${i + 1}`, { exact: true }).fill(value);
        await admin.getByLabel(`Label ${i + 1}`, { exact: true }).fill(label);
      }
      if (field.asked) await admin.getByLabel('On the inquiry form').check();
      await admin.getByRole('button', { name: 'Add the field' }).click();
      await admin.getByText('Field added.').waitFor();
      assert.match(await admin.locator(`tr[data-label="${field.label}"]`).innerText(), new RegExp(field.key));
    };
    await define('Bookings', {
      label: 'How did you hear',
      key: 'how_heard',
      type: 'select',
      options: [
        ['web', 'Website'],
        ['friend', 'A friend'],
        ['fair', 'Wedding fair'],
      ],
      asked: true,
    });
    await define('Bookings', { label: 'Budget', key: 'budget', type: 'money' });
    await define('Contacts', { label: 'Dietary summary', key: 'dietary', type: 'text', asked: true });
    await admin
      .getByRole('navigation', { name: 'Record types' })
      .getByRole('link', { name: 'Bookings' })
      .click();
    const listed = await admin.locator('#field-order tbody').innerText();
    assert.match(listed, /How did you hear\s+how_heard\s+One choice\s+On the inquiry form/);
    assert.match(listed, /Budget\s+budget\s+Money/);
    await check(admin, 'settings');
    // The other booking heard of the venue from a friend (written as the API's door would).
    await suite.db
      .updateTable('bookings')
      .set({ custom_fields: JSON.stringify({ how_heard: 'friend' }) })
      .where('id', '=', other.id)
      .execute();

    // 2. A member fills the booking's fields in its edit form and reads them on its page.
    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await signIn(memberContext, venue.member.email);
    audit.watch(member);
    const bookingUrl = `${o}/bookings/${venue.bookingId}`;
    await member.goto(bookingUrl);
    await member.locator('.head-actions').getByRole('link', { name: 'Edit' }).click();
    await member.getByLabel('How did you hear').selectOption({ label: 'Wedding fair' });
    await member.getByLabel('Budget').fill('12500');
    await member.getByRole('button', { name: 'Save changes' }).click();
    await member.waitForURL(new RegExp(`/bookings/${venue.bookingId}(\\?|$)`));
    // The venue's currency is pounds, this booking's dollars: its money field is in its own.
    const facts = await member.locator('dl.facts').first().innerText();
    assert.match(facts, /How did you hear\s+Wedding fair/);
    assert.match(facts, /Budget\s+US\$12,500\.00/);
    await check(member, 'booking');

    // 3. The bookings list: the select as a column, and a filter on it.
    await member.goto(`${o}/bookings?from=all`);
    await member.getByText('Custom fields: columns and a filter').click();
    const custom = member.getByRole('form', { name: 'Custom fields of the bookings' });
    await custom.getByLabel('How did you hear').check();
    await custom.getByLabel('Filter on').selectOption({ label: 'How did you hear' });
    await custom.getByLabel('Which').selectOption('eq');
    // Picked, the select's options are offered at once (the list's script).
    await custom.getByLabel('Value', { exact: true }).selectOption({ label: 'Wedding fair' });
    await custom.getByRole('button', { name: 'Apply' }).click();
    await member.waitForURL(/cf=how_heard/);
    const rows = member.locator('table tbody tr');
    assert.equal(await rows.count(), 1, await member.locator('main').innerText());
    const row = await rows.first().innerText();
    assert.match(row, /Lumen summer party/);
    assert.match(row, /Wedding fair/);
    assert.doesNotMatch(await member.locator('main').innerText(), /Quayside launch/);
    await check(member, 'bookings-list');

    // 4. A visitor on a phone answers them on the inquiry form.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    audit.watch(phone);
    await phone.goto(`${server.url}/inquire/harbour-rooms`);
    await phone
      .getByRole('heading', { name: /Harbour Rooms/ })
      .first()
      .waitFor();
    const heard = phone.getByLabel('How did you hear');
    assert.equal(
      await heard.getAttribute('name'),
      'custom.how_heard',
      'the control is named as SPEC §19 says',
    );
    assert.deepEqual(
      (await heard.locator('option').allInnerTexts()).filter((o) => o.trim() !== '—' && o.trim() !== ''),
      ['Website', 'A friend', 'Wedding fair'],
    );
    assert.equal(
      await phone.getByLabel('Budget').count(),
      0,
      'a field not asked of visitors is not on the form',
    );
    const scrollWidth = Number(await phone.evaluate('document.documentElement.scrollWidth'));
    assert.ok(scrollWidth <= 390, `the inquiry form is ${scrollWidth}px wide on a 390 px phone`);
    await phone.setViewportSize({ width: 1280, height: 900 });
    await check(phone, 'inquiry');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.getByLabel('Your name').fill('Grace Okafor');
    await phone.getByLabel('E-mail').fill('grace.okafor@example.com');
    await phone.getByLabel('Type of event').selectOption('Wedding');
    await phone.getByLabel('Date').fill('2027-06-19');
    await phone.getByLabel('Guests').fill('80');
    await heard.selectOption({ label: 'A friend' });
    await phone.getByLabel('Dietary summary').fill('Two vegan, one coeliac');
    server.clock.advance(30_000);
    await phone.getByRole('button', { name: 'Send inquiry' }).click();
    await phone.waitForLoadState();
    assert.match(await phone.locator('main').innerText(), /Thank you/);
    await visitor.close();
    const lead = await suite.db
      .selectFrom('bookings')
      .select(['custom_fields', 'contact_id'])
      .where('organization_id', '=', venue.orgId)
      .where('id', 'not in', [venue.bookingId, other.id])
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(lead.custom_fields).how_heard, 'friend');
    const contact = await suite.db
      .selectFrom('contacts')
      .select('custom_fields')
      .where('id', '=', lead.contact_id!)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(contact.custom_fields).dietary, 'Two vegan, one coeliac');

    // 5. The admin names the field in the proposal template; the member's proposal prints it.
    await admin.goto(`${o}/settings/documents?kind=proposal`);
    await admin
      .getByLabel(/^Header: the opening words/)
      .fill(
        'Dear {{ contact.first_name }},\n\nYou heard of us by: {{ booking.custom.how_heard }}. Budget: {{ booking.custom.budget }}.',
      );
    await admin.getByRole('button', { name: 'Save templates' }).click();
    await admin.waitForLoadState();
    assert.doesNotMatch(await admin.locator('main').innerText(), /Please correct these fields/);
    await adminContext.close();
    await member.goto(bookingUrl);
    const documents = member.getByRole('region', { name: 'Documents' });
    await documents.getByLabel('New version of').selectOption({ label: 'Proposal' });
    await documents.getByRole('button', { name: 'Make it' }).click();
    await member.getByRole('heading', { name: 'Proposal v1' }).waitFor();
    const pdf = await member.request.get(`${member.url().replace(/\?.*$/, '')}/pdf`);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    const bytes = await pdf.body();
    const { text } = await pdfText(new Uint8Array(bytes));
    assert.ok(text.includes('You heard of us by: Wedding fair. Budget: US$12,500.00.'), text);
    if (existsSync(PDFTOPPM)) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const pdfPath = path.join(SCREENSHOT_DIR, `${prefix}-proposal.pdf`);
      writeFileSync(pdfPath, bytes);
      execFileSync(PDFTOPPM, [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdfPath,
        pdfPath.replace(/\.pdf$/, ''),
      ]);
    } else
      console.log(
        `The proposal's first page is not drawn: ${PDFTOPPM} is missing (apt-get install poppler-utils)`,
      );

    await memberContext.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
    assert.deepEqual(server.logs, [], 'the server logs no warning or error');
  });
});
