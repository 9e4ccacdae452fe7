/**
 * The automation editor in real Chromium, on both databases (SPEC §18, §19): an admin builds an
 * automation from Settings → Automations with plain controls — a trigger counted in days, a
 * condition on a custom select (its options ticked) and one on a custom number (≥), a note and an
 * exit — first refused beside what is missing, then added; /v2/automations holds it as built, and
 * its page reads it back in words. The editor and the page are screenshot at 1280 and 390 px,
 * nothing scrolls sideways, axe-core finds no serious or critical violation, the real pages report
 * no CSP violation and the server logs no warning or error.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { call } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeApiKey, TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { makeWorkspaceVenue } from '../helpers/workspace-data.js';

const NOW = Date.parse('2027-04-19T09:00:00Z');
const missing = chromiumMissing();

interface AutomationResource {
  id: string;
  attributes: { name: string; trigger: unknown; conditions: unknown; steps: unknown; exit_on: unknown };
}

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

  it('builds an automation with custom-field conditions from plain controls, at 1280 px and on a phone', async (t) => {
    if (missing) return t.skip(missing);
    const venue = await makeWorkspaceVenue(suite.db, 'Harbour Rooms');
    const field = (input: object) =>
      write({ db: suite.db, clock: systemClock }, venue.actor, createCustomField, {
        record_type: 'bookings',
        ...input,
      });
    await field({
      key: 'diet',
      label: 'Dietary needs',
      field_type: 'select',
      options: [
        { value: 'vegan', label: 'Vegan' },
        { value: 'halal', label: 'Halal' },
      ],
    });
    await field({ key: 'budget', label: 'Budget per head', field_type: 'number' });
    const key = await makeApiKey(
      suite.db,
      { organizationId: venue.orgId, userId: venue.admin.id, name: 'Read', scopes: ['crm_read'] },
      NOW,
    );
    const audit = new PageAudit(browser, `${suite.database.dialect}-automation-editor`);
    const check = async (name: string) => {
      await audit.shoot(page, name);
      for (const width of [1280, 390]) await audit.axeCheck(page, name, width);
    };

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(venue.admin.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.goto(`${server.url}/orgs/${venue.orgId}/settings/automations`);
    await page.getByRole('link', { name: 'New automation' }).click();
    await page.getByRole('heading', { name: 'New automation', level: 1 }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Vegan menu check');
    await page
      .getByLabel('Trigger', { exact: true })
      .selectOption({ label: 'Some days before a booking’s first event' });
    await page.getByLabel('How many days').fill('14');
    const addCondition = async (label: string) => {
      await page.getByLabel('Add a condition on').selectOption({ label });
      await page.getByRole('button', { name: 'Add the condition' }).click();
    };
    await addCondition('Dietary needs (custom field)');
    const diet = page.locator('#condition-0');
    assert.deepEqual(
      await diet
        .getByLabel(/^Compared/)
        .locator('option')
        .allInnerTexts(),
      ['is', 'is not', 'is one of'],
    );
    await diet.getByLabel('Vegan').check();
    await addCondition('Budget per head (custom field)');
    const budget = page.locator('#condition-1');
    assert.ok(
      (
        await budget
          .getByLabel(/^Compared/)
          .locator('option')
          .allInnerTexts()
      ).includes('is at least'),
    );
    await budget.getByLabel(/^Compared/).selectOption({ label: 'is at least' });
    await budget.getByLabel(/^Value/).fill('40');
    assert.equal(
      await diet.getByLabel('Vegan').isChecked(),
      true,
      'a row added keeps the ticks of the others',
    );
    await page.getByLabel('Add a step that does').selectOption({ label: 'Add a note to the booking' });
    await page.getByRole('button', { name: 'Add the step' }).click();

    // Saved with the note empty: refused beside it, the rest kept.
    await page.getByRole('button', { name: 'Add the automation' }).click();
    await page.getByRole('heading', { name: 'Please correct these fields' }).waitFor();
    assert.match(await page.locator('#field-step_0_body-error').innerText(), /Write the note/);
    assert.equal(await page.getByLabel('How many days').inputValue(), '14');
    await check('refused');

    await page.getByLabel('Note (step 1)').fill('Check the vegan menu with the kitchen.');
    await page.getByLabel('A document of the booking is signed').check();
    await check('editor');
    await page.getByRole('button', { name: 'Add the automation' }).click();
    await page.getByText('Vegan menu check added, and on.').waitFor();

    const listed = await call<{ data: AutomationResource[] }>(server, '/v2/automations', {
      org: venue.orgId,
      headers: { 'x-api-key': key.secret },
    });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const made = listed.body.data.find((a) => a.attributes.name === 'Vegan menu check');
    assert.ok(made, 'the API lists it');
    assert.deepEqual(made.attributes.trigger, { type: 'event.upcoming', days: 14 });
    assert.deepEqual(made.attributes.conditions, [
      { field: 'custom_fields.diet', op: 'eq', value: 'vegan' },
      { field: 'custom_fields.budget', op: 'gteq', value: 40 },
    ]);
    assert.deepEqual(made.attributes.steps, [
      { type: 'add_note', body: 'Check the vegan menu with the kitchen.' },
    ]);
    assert.deepEqual(made.attributes.exit_on, [{ type: 'document.signed' }]);

    await page.getByRole('link', { name: 'Recent runs of Vegan menu check' }).click();
    const what = page.getByRole('region', { name: 'What it does' });
    const said = await what.innerText();
    assert.match(said, /14 days before a booking’s first event\./);
    assert.match(said, /“Dietary needs” is Vegan/);
    assert.match(said, /“Budget per head” is at least 40/);
    assert.match(said, /Stops when\s+A document of the booking is signed\./);
    await check('page');
    await what.getByRole('link', { name: 'Edit the automation' }).click();
    await page.getByRole('heading', { name: 'Edit Vegan menu check' }).waitFor();
    assert.equal(await page.locator('#condition-0').getByLabel('Vegan').isChecked(), true);
    await check('edit');

    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
    assert.deepEqual(server.logs, [], 'the server logs no warning or error');
  });
});
