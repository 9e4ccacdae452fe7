/**
 * The staff workspace walked in real headless Chromium on both databases (test/helpers/
 * workspace-walk.ts): every page is screenshotted at 1280 px and 390 px, none scrolls sideways on
 * the phone, and the real pages, under their strict CSP, report no CSP violation.
 * workspace-axe-*.test.ts run axe-core over the same walk.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import { WALK_PAGES, walkWorkspace } from '../helpers/workspace-walk.js';
import { weekdayAt } from '../helpers/test-clock.js';

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

  before(async () => {
    if (!missing)
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    await server?.close();
  });

  it('walks a venue from an empty workspace to a confirmed booking in the week view', async (t) => {
    if (missing) return t.skip(missing);
    // A Friday: the walk's booking, three days ahead, lies in next week.
    server.clock.setTo(weekdayAt(5));
    const org = await makeOrganization(suite.db, 'Harbour Rooms');
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    const audit = new PageAudit(browser, `${suite.database.dialect}-workspace`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    await walkWorkspace({
      page,
      server,
      orgId: org.id,
      admin,
      visit: (name, on) => audit.shoot(on ?? page, name),
    });
    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
    assert.equal(audit.audited.length, WALK_PAGES);
  });
});
