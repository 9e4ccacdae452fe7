/**
 * axe-core over every other page of the workspace walk (test/helpers/workspace-walk.ts) at 1280 px,
 * the even-numbered ones (the other file takes the rest, so each stays within the test time limit): no
 * serious or critical violation. axe runs in a second browser context that bypasses CSP, on the
 * very HTML the real page received; the real pages keep their CSP and report no violation of it.
 * The pages are the same HTML on both databases, so axe runs on SQLite's walk only (the walk
 * itself runs on both in workspace-browser.test.ts); the file stays within the test time limit.
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

const WIDTH = 1280;
const PART: number = 1;
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
  const skip = () =>
    missing || (suite.database.dialect !== 'sqlite' && 'the same pages are audited on SQLite');

  before(async () => {
    if (!skip())
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(async () => {
    await server?.close();
  });

  it(`finds no serious or critical accessibility violation on the pages of the walk at ${WIDTH} px (part ${PART + 1} of 2)`, async (t) => {
    const reason = skip();
    if (reason) return t.skip(reason);
    const org = await makeOrganization(suite.db, 'Harbour Rooms');
    const admin = await makeUser(suite.db, org.id, { role: 'admin' });
    const audit = new PageAudit(browser, 'axe');
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
    const page = await context.newPage();
    audit.watch(page);
    let seen = 0;
    await walkWorkspace({
      page,
      server,
      orgId: org.id,
      admin,
      visit: (name) => (seen++ % 2 === PART ? audit.axeCheck(page, name, WIDTH) : Promise.resolve()),
    });
    await context.close();
    await audit.close();
    assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
    assert.equal(seen, WALK_PAGES);
    assert.equal(audit.audited.length, PART === 0 ? Math.ceil(WALK_PAGES / 2) : Math.floor(WALK_PAGES / 2));
  });
});
