/**
 * axe-core over the pages of the workspace walk (test/helpers/workspace-walk.ts) at 1280 and 390 px:
 * no serious or critical violation. Each file walks at one width (so the walk's clicks are tried
 * on a desktop and on a phone) and audits half the pages at both widths: every page is audited at
 * both, and the walk runs twice rather than once per width and half.
 * axe runs in a second browser context that bypasses CSP, on the very HTML the real page received;
 * the real pages keep their CSP and report no violation of it. The pages are the same HTML on both
 * databases, so the audit walks on SQLite (the walk itself runs on both in workspace-browser).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from './app.js';
import { chromiumMissing, launchBrowser } from './browser.js';
import { onDatabase } from './databases.js';
import { makeOrganization, makeUser } from './factories.js';
import { PageAudit } from './workspace-audit.js';
import { WALK_PAGES, walkWorkspace } from './workspace-walk.js';
import { weekdayAt } from './test-clock.js';

/** The widths each audited page is checked at. */
const AUDIT_WIDTHS = [1280, 390] as const;

/** Walks the workspace at `width` and audits half its pages (`part`) at both widths. */
export function auditWorkspacePages(width: number, part: 0 | 1): void {
  describe(`the workspace, walked at ${width} px, part ${part + 1} of 2`, { skip: chromiumMissing() }, () => {
    onDatabase('sqlite', (suite) => {
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

      it('finds no serious or critical accessibility violation on its pages', async () => {
        server.clock.setTo(weekdayAt(5));
        const org = await makeOrganization(suite.db, 'Harbour Rooms');
        const admin = await makeUser(suite.db, org.id, { role: 'admin' });
        const audit = new PageAudit(browser, 'axe');
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        audit.watch(page);
        let seen = 0;
        await walkWorkspace({
          page,
          server,
          orgId: org.id,
          admin,
          visit: async (name, on) => {
            if (seen++ % 2 !== part) return;
            for (const auditWidth of AUDIT_WIDTHS) await audit.axeCheck(on ?? page, name, auditWidth);
          },
        });
        await context.close();
        await audit.close();
        assert.deepEqual(audit.cspViolations, [], 'no CSP violations on the real pages');
        assert.equal(seen, WALK_PAGES);
        assert.equal(
          audit.audited.length,
          AUDIT_WIDTHS.length * (part === 0 ? Math.ceil(WALK_PAGES / 2) : Math.floor(WALK_PAGES / 2)),
        );
      });
    });
  });
}
