/**
 * The API reference at /docs: every operation of the OpenAPI document, served from this process
 * alone under the strict Content-Security-Policy, with no third-party branding; in Chromium it
 * renders without a console error and fits a 390 px phone. Screenshots at 1280 and 390 px.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';

const missing = chromiumMissing();
let browser: Browser;
before(async () => {
  if (!missing) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

interface Document {
  paths: Record<string, Record<string, { summary?: string }>>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let document: Document;
  before(async () => {
    server = await startTestServer(suite.database, {}, { listen: true });
    document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Document;
  });
  after(() => server.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method,
        path,
        summary: operation.summary ?? '',
      })),
    );

  it('lists every operation of the OpenAPI document, from this server alone', async () => {
    const response = await fetch(`${server.url}/docs`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const page = await response.text();
    assert.ok(operations().length > 30);
    for (const { method, path } of operations()) {
      assert.ok(page.includes(`<code>${method.toUpperCase()} ${path}</code>`), `${method} ${path} is listed`);
    }
    assert.doesNotMatch(page, /<script|style="|swagger|redoc|scalar/i, 'no script, inline style or branding');
    for (const [, url] of page.matchAll(/(?:src|href)="([^"#]+)"/g)) {
      assert.ok(url!.startsWith('/'), `${url} is served here`);
      if (url === '/docs') continue;
      assert.equal((await fetch(`${server.url}${url}`)).status, 200, url);
    }
    const slash = await fetch(`${server.url}/docs/`, { redirect: 'manual' });
    assert.equal(slash.status, 301);
    assert.equal(slash.headers.get('location'), '/docs');
  });

  it('renders in Chromium without console errors and fits a phone', async (t) => {
    if (missing) return t.skip(missing);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The browser's own favicon probe is the stylesheet's concern (src/web/assets.ts), not the reference's.
      if (message.location().url.endsWith('/favicon.ico')) return;
      if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text()))
        problems.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/docs`);
    await page.getByRole('heading', { name: 'POST /v2/bookings' }).waitFor();
    const expected = operations().length;
    assert.equal(await page.locator('section[id] h3').count(), expected, 'one section per operation');
    await page.getByText('Parameters (', { exact: false }).first().click();
    await screenshot(page, `${suite.database.dialect}-docs-1280`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/docs#post-v2-bookings`);
    await page
      .locator('#post-v2-bookings details')
      .first()
      .evaluate((d) => d.setAttribute('open', ''));
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    assert.ok(Number(overflow) <= 0, `the page scrolls sideways by ${String(overflow)}px on a phone`);
    await screenshot(page, `${suite.database.dialect}-docs-390`);
    await context.close();
    assert.deepEqual(problems, []);
  });
});
