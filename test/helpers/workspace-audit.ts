/**
 * Checks every workspace page of a browser walk the same way: no Content-Security-Policy
 * violation on the real page, no sideways scrolling on a 390 px phone, screenshots at 1280 px and
 * 390 px, and axe-core with no serious or critical violation. axe cannot be injected into a page
 * under the strict CSP, so it runs in a second context that bypasses CSP, on the same HTML
 * (served at the same address, with the real stylesheet).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from './browser.js';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

export class PageAudit {
  readonly cspViolations: string[] = [];
  readonly audited: string[] = [];
  private axeContext: BrowserContext | undefined;
  private axePage: Page | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly prefix: string,
  ) {}

  watch(page: Page): void {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) this.cspViolations.push(message.text());
    });
  }

  /** Screenshots at 1280 px and 390 px, and no sideways scrolling at either width. */
  async shoot(page: Page, name: string): Promise<void> {
    const sideways = async () =>
      Number(
        await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
      );
    const wide = await sideways();
    await screenshot(page, `${this.prefix}-${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await sideways();
    await screenshot(page, `${this.prefix}-${name}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.ok(wide <= 0, `${name} scrolls sideways by ${wide}px at 1280 px`);
    assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow}px on a 390 px phone`);
    this.audited.push(name);
  }

  /** axe-core on the page as it is now, at one width: no serious or critical violation. */
  async axeCheck(page: Page, name: string, width: number): Promise<void> {
    const started = Date.now();
    const violations = await this.axe(page.context(), page.url(), await page.content(), width);
    assert.deepEqual(
      violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
      ),
      [],
      `${name} at ${width} px has serious or critical accessibility violations`,
    );
    this.audited.push(name);
    if (process.env.AUDIT_TIMING) console.log(`axe ${name}: ${Date.now() - started} ms`);
  }

  private async axe(from: BrowserContext, url: string, html: string, width: number): Promise<AxeViolation[]> {
    this.axeContext ??= await this.browser.newContext({ bypassCSP: true });
    await this.axeContext.clearCookies();
    await this.axeContext.addCookies(await from.cookies());
    this.axePage ??= await this.axeContext.newPage();
    const page = this.axePage;
    await page.unrouteAll();
    {
      await page.setViewportSize({ width, height: 900 });
      await page.route(
        (candidate) => candidate.href === url,
        (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      );
      await page.goto(url);
      await page.addScriptTag({ path: AXE_PATH });
      const result = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as {
        violations: AxeViolation[];
      };
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    }
  }

  async close(): Promise<void> {
    await this.axeContext?.close();
  }
}
