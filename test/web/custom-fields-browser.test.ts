/**
 * Settings → Custom fields in real headless Chromium, at 1280 px and on a 390 px phone: the order
 * set by dragging rows (the page's script, under the strict CSP, fills in the position numbers)
 * and by the keyboard's Up and Down, then saved, the Up and Down cells in line with their rows; the
 * new-field form refused beside its fields. The bookings list's custom-field filter offers a select
 * field's options as soon as the field is picked (its script, under the same CSP).
 * Each page is screenshotted, checked with axe-core (no serious or critical violation) and for
 * sideways scrolling.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { makeWorkspaceVenue, type WorkspaceVenue } from '../helpers/workspace-data.js';

const missing = chromiumMissing();
let browser: Browser;
before(async () => {
  if (!missing) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;

  before(async () => {
    if (missing) return;
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeWorkspaceVenue(suite.db);
    for (const [key, label] of [
      ['member_no', 'Member number'],
      ['planner', 'Planner'],
      ['how_heard', 'How they heard'],
    ] as const) {
      await write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
        record_type: 'bookings',
        key,
        label,
        field_type: 'text',
      });
    }
  });
  after(async () => {
    if (!missing) await server?.close();
  });

  const labels = (page: Page) =>
    page
      .locator('#field-order tbody tr')
      .evaluateAll((rows) =>
        rows.map(
          (r) =>
            `${r.getAttribute('data-label')}=${(r.querySelector('input.position') as unknown as { value: string }).value}`,
        ),
      );
  const saved = async () =>
    (
      await suite.db
        .selectFrom('custom_fields')
        .select('label')
        .where('organization_id', '=', venue.orgId)
        .orderBy('position')
        .orderBy('id')
        .execute()
    ).map((r) => r.label);

  it('orders the fields by dragging and from the keyboard at 1280 px and 390 px', async (t) => {
    if (missing) return t.skip(missing);
    const audit = new PageAudit(browser, `${suite.database.dialect}-custom-fields`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(venue.admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Custom fields' })
      .click();
    await page.getByRole('heading', { name: 'Custom fields', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Move Planner up' }).waitFor();
    await audit.shoot(page, 'list');
    // The Up and Down cell lines up with its row's other cells: one bottom edge (its border) for all.
    const bottoms = await page
      .locator('#field-order tbody tr')
      .first()
      .locator('td')
      .evaluateAll((cells) =>
        cells.map((c) =>
          Math.round(
            (c as unknown as { getBoundingClientRect(): { bottom: number } }).getBoundingClientRect().bottom,
          ),
        ),
      );
    assert.equal(new Set(bottoms).size, 1, `the row's cells end at ${bottoms.join(', ')}`);
    await audit.axeCheck(page, 'list', 1280);
    await audit.axeCheck(page, 'list', 390);

    // At 1280 px: the last row dragged onto the first goes first, and the numbers follow.
    const row = (label: string) => page.locator(`#field-order tr[data-label="${label}"]`);
    await row('How they heard').dragTo(row('Member number'), { targetPosition: { x: 20, y: 3 } });
    assert.deepEqual(await labels(page), ['How they heard=1', 'Member number=2', 'Planner=3']);
    await page.getByRole('button', { name: 'Save the order' }).click();
    await page.getByText('Order saved.').waitFor();
    assert.deepEqual(await saved(), ['How they heard', 'Member number', 'Planner']);

    // On a phone: Planner dragged to the top, then moved down once from the keyboard.
    // Tall enough that both rows are in view: a drag does not scroll the page under it.
    await page.setViewportSize({ width: 390, height: 1600 });
    await row('Planner').dragTo(row('How they heard'), { targetPosition: { x: 20, y: 3 } });
    assert.deepEqual(await labels(page), ['Planner=1', 'How they heard=2', 'Member number=3']);
    await page.getByRole('button', { name: 'Move Planner down' }).focus();
    await page.keyboard.press('Enter');
    assert.deepEqual(await labels(page), ['How they heard=1', 'Planner=2', 'Member number=3']);
    assert.match(await page.locator('#field-order-said').innerText(), /Planner moved to position 2/);
    await audit.axeCheck(page, 'list-moved', 390);
    await page.getByRole('button', { name: 'Save the order' }).click();
    await page.getByText('Order saved.').waitFor();
    assert.deepEqual(await saved(), ['How they heard', 'Planner', 'Member number']);
    await page.setViewportSize({ width: 1280, height: 900 });
    await audit.shoot(page, 'ordered');

    // A new field refused beside its fields, at both widths.
    await page.getByRole('link', { name: 'Add a field of bookings' }).click();
    await page.getByLabel('Key').fill('Bad Key');
    await page.getByLabel('Type').selectOption('select');
    await page.getByRole('button', { name: 'Add the field' }).click();
    await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
    await audit.shoot(page, 'new-refused');
    await audit.axeCheck(page, 'new-refused', 1280);
    await audit.axeCheck(page, 'new-refused', 390);

    assert.deepEqual(audit.cspViolations, [], 'no Content-Security-Policy violation');
    await audit.close();
    await context.close();
  });

  it('offers a select field’s options in the bookings list’s filter as soon as it is picked', async (t) => {
    if (missing) return t.skip(missing);
    await write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
      record_type: 'bookings',
      key: 'source',
      label: 'Source',
      field_type: 'select',
      options: [
        { value: 'web', label: 'Website' },
        { value: 'friend', label: 'A friend' },
      ],
    });
    await suite.db
      .updateTable('bookings')
      .set({ custom_fields: JSON.stringify({ source: 'friend' }) })
      .where('id', '=', venue.bookingId)
      .execute();
    const audit = new PageAudit(browser, `${suite.database.dialect}-custom-list`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(venue.admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    // Every booking, past ones too: the list's period is kept by the filter's form.
    await page.goto(`${server.url}/orgs/${venue.orgId}/bookings?from=all`);
    await page.getByText('Custom fields: columns and a filter').click();
    const form = page.getByRole('form', { name: 'Custom fields of the bookings' });
    // The script hides the no-script step, and swaps the value's text box for the field's choices.
    assert.equal(await form.getByRole('button', { name: 'Offer its choices' }).isVisible(), false);
    assert.equal(await form.getByLabel('Value').evaluate((e) => e.tagName), 'INPUT');
    await form.getByLabel('Filter on').selectOption('source');
    const value = form.getByLabel('Value');
    assert.equal(await value.evaluate((e) => e.tagName), 'SELECT');
    assert.deepEqual(await value.locator('option').allInnerTexts(), ['Choose…', 'Website', 'A friend']);
    await audit.shoot(page, 'picked');
    await audit.axeCheck(page, 'picked', 1280);
    await value.selectOption('friend');
    // Back to a text field, a text box again; then the select once more, its choice made anew.
    await form.getByLabel('Filter on').selectOption('planner');
    assert.equal(await form.getByLabel('Value').evaluate((e) => e.tagName), 'INPUT');
    await form.getByLabel('Filter on').selectOption('source');
    await form.getByLabel('Value').selectOption('friend');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/cf=source&op=eq&value=friend/);
    const names = await page.locator('table a.strong').allInnerTexts();
    assert.deepEqual(names, ['Lumen summer party']);
    assert.deepEqual(audit.cspViolations, [], 'no Content-Security-Policy violation');
    await audit.close();
    await context.close();
  });
});
