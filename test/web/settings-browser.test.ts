/**
 * The integration settings and Connected apps pages, clicked through in real headless Chromium:
 * sign in, create an integration and read its secret, authorize it in the browser, see its webhook
 * deliveries and resend one, revoke it and rotate its secret (each after a confirmation page),
 * require PKCE, and a member kept out of admin pages. Each page is screenshotted.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/http/logger.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call } from '../helpers/api.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';
import { accountDocument, apiFor, created } from '../helpers/writes.js';

const missing = chromiumMissing();
// One browser for the file (both databases' suites); each test opens contexts of its own.
let browser: Browser;
before(async () => {
  if (!missing) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

eachDatabase((suite) => {
  let server: TestServer;
  let callback: Server;
  let callbackUrl: string;
  let admin: { email: string };
  let member: { email: string };
  let orgId: string;
  let worker: DeliveryWorker;
  const receiver = new WebhookReceiver();
  const cspViolations: string[] = [];

  before(async () => {
    if (missing) return;
    server = await startTestServer(
      suite.database,
      { RATE_LIMIT_PER_MINUTE: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
      { listen: true },
    );
    worker = new DeliveryWorker({
      db: suite.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    worker.start();
    const org = await makeOrganization(suite.db, 'Pier Nine Events');
    orgId = org.id;
    admin = await makeUser(suite.db, org.id, { role: 'admin' });
    member = await makeUser(suite.db, org.id, { role: 'member' });
    callback = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><title>Integration callback</title><p>Connected: ${new URL(req.url ?? '/', 'http://x').searchParams.has('code')}</p>`,
      );
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    const address = callback.address();
    callbackUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/callback`;
  });
  after(async () => {
    if (missing) return;
    callback?.close();
    await worker?.stop();
    await receiver.close();
    await server?.close();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
    });
    return { context, page };
  }

  async function signIn(page: Page, email: string) {
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('lets an admin create an integration, authorize it, see it connected, revoke it and rotate its secret', async (t) => {
    if (missing) return t.skip(missing);
    const dialect = suite.database.dialect;
    const { context, page } = await newPage();

    await page.goto(`${server.url}/sign-in`);
    await screenshot(page, `${dialect}-sign-in`);
    await signIn(page, admin.email);
    // Signing in lands on the workspace; the settings are a click away.
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/settings\/integrations/);
    await screenshot(page, `${dialect}-integrations-empty`);
    const decoration = await page.evaluate(
      "getComputedStyle(document.querySelector('button.link')).textDecorationLine",
    );
    assert.equal(decoration, 'underline', 'the stylesheet loads under the Content-Security-Policy');

    await page.getByRole('link', { name: 'New integration' }).click();
    await page.getByLabel('Name').fill('Seating planner');
    await page.getByLabel('Redirect URIs').fill(callbackUrl);
    await screenshot(page, `${dialect}-integration-new`);
    await page.getByRole('button', { name: 'Create integration' }).click();
    const clientId = (await page.locator('#client-id').textContent())?.trim() ?? '';
    const clientSecret = (await page.locator('#client-secret').textContent())?.trim() ?? '';
    assert.match(clientId, /^mqc_/);
    assert.match(clientSecret, /^mqs_/);
    await screenshot(page, `${dialect}-integration-secret`);

    // The whole authorize flow in the browser: consent, approve, land on the redirect URI.
    const authorize = new URL(`${server.url}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      client_id: clientId,
      redirect_uri: callbackUrl,
      scope: 'crm_read,crm_manage',
      response_type: 'code',
      state: 'browser-state',
    })) {
      authorize.searchParams.set(k, v);
    }
    await page.goto(authorize.href);
    await page.getByRole('heading', { name: /Seating planner wants to access/ }).waitFor();
    await screenshot(page, `${dialect}-consent`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('state'), 'browser-state');
    const code = landed.searchParams.get('code');
    assert.ok(code);
    const tokens = await postForm(server, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl,
      client_id: clientId,
      client_secret: clientSecret,
    });
    assert.equal(tokens.status, 200);
    const accessToken = String(tokens.body.access_token);
    assert.equal((await call(server, '/v2/bookings', { token: accessToken, org: orgId })).status, 200);

    // Its webhook deliveries on its settings page, and Resend.
    const api = apiFor(server, accessToken, orgId);
    const endpoint = await api<{ data: { attributes: { secret: string } } }>('/v2/webhook_endpoints', {
      method: 'POST',
      body: {
        data: { type: 'webhook_endpoints', attributes: { url: await receiver.start(), events: ['*'] } },
      },
    });
    assert.equal(endpoint.status, 201);
    receiver.secret = endpoint.body.data.attributes.secret;
    await created(api, '/v2/accounts', accountDocument({ name: 'Lantern Room' }));
    await receiver.waitFor(1);
    await page.goto(`${server.url}/settings/integrations`);
    await page.getByRole('link', { name: 'Seating planner' }).click();
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    await page.getByText('Delivered').first().waitFor();
    await screenshot(page, `${dialect}-integration-webhooks`);
    await page.getByRole('button', { name: /^Resend account\.created/ }).click();
    await page.getByText('queued again').waitFor();
    const again = await receiver.waitFor(2);
    assert.equal(again[1]!.id, again[0]!.id, 'resent under the same webhook-id');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const pageOverflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    assert.ok(
      Number(pageOverflow) <= 0,
      `the integration page scrolls sideways by ${String(pageOverflow)}px`,
    );
    await screenshot(page, `${dialect}-integration-webhooks-phone`);
    await page.setViewportSize({ width: 1100, height: 800 });

    await page.goto(`${server.url}/settings/connected-apps`);
    const row = page.getByRole('row', { name: /Seating planner/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Pier Nine Events/);
    await screenshot(page, `${dialect}-connected-apps`);
    await page.getByRole('button', { name: 'Revoke Seating planner' }).click();
    await page.getByRole('heading', { name: 'Revoke Seating planner?' }).waitFor();
    await screenshot(page, `${dialect}-connected-apps-confirm`);
    await page.getByRole('button', { name: 'Revoke Seating planner' }).click();
    await page.getByText('Access revoked').waitFor();
    assert.equal(await page.getByRole('row', { name: /Seating planner/ }).count(), 0);
    assert.equal(
      (await call(server, '/v2/bookings', { token: accessToken, org: orgId })).status,
      401,
      'the revoked token is refused',
    );

    await page.goto(`${server.url}/settings/integrations`);
    await page.getByRole('link', { name: 'Seating planner' }).click();
    await screenshot(page, `${dialect}-integration-edit`);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('heading', { name: 'Rotate the secret of Seating planner?' }).waitFor();
    await screenshot(page, `${dialect}-rotate-confirm`);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.locator('#client-secret').waitFor();
    await screenshot(page, `${dialect}-integration-rotated`);
    const rotated = (await page.locator('#client-secret').textContent())?.trim() ?? '';
    assert.match(rotated, /^mqs_/);
    assert.notEqual(rotated, clientSecret);
    const probe = (secret: string) =>
      postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code: 'mqg_x',
        redirect_uri: callbackUrl,
        client_id: clientId,
        client_secret: secret,
      });
    assert.equal((await probe(clientSecret)).status, 401, 'the old secret stops working at once');
    assert.equal((await probe(rotated)).body.error, 'invalid_grant', 'the new secret authenticates');

    await page.getByLabel('Require PKCE').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').waitFor();
    await page.goto(authorize.href);
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    assert.equal(new URL(page.url()).searchParams.get('error'), 'invalid_request', 'PKCE is now required');

    // Readable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}/settings/integrations`);
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    assert.ok(Number(overflow) <= 0, `the page scrolls sideways by ${String(overflow)}px on a phone`);
    await screenshot(page, `${dialect}-integrations-phone`);

    await context.close();
    assert.deepEqual(cspViolations, []);
  });

  it('fits the Assistants page, its configuration block included, on a 390 px phone', async (t) => {
    if (missing) return t.skip(missing);
    const { context, page } = await newPage();
    await signIn(page, admin.email);
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/orgs/${orgId}/settings/developers/assistants`);
    const block = page.locator('pre code');
    assert.match((await block.textContent()) ?? '', /"url": "http:\/\/127\.0\.0\.1:\d+\/mcp"/);
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    assert.ok(Number(overflow) <= 0, `the Assistants page scrolls sideways by ${String(overflow)}px`);
    await screenshot(page, `${suite.database.dialect}-assistants-phone`);
    await context.close();
  });

  it('keeps a member out of the admin pages and shows them only their own', async (t) => {
    if (missing) return t.skip(missing);
    const { context, page } = await newPage();
    await signIn(page, member.email);
    await page.waitForURL(/\/orgs\/[^/]+\/bookings/);
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/settings\/connected-apps/);
    assert.equal(
      await page.getByRole('link', { name: 'Integrations' }).count(),
      0,
      'no admin link in the navigation',
    );
    await screenshot(page, `${suite.database.dialect}-member-connected-apps`);
    const response = await page.goto(`${server.url}/settings/integrations`);
    assert.equal(response?.status(), 403);
    assert.equal(await page.getByRole('button', { name: /Rotate|Delete|Create/ }).count(), 0);
    await screenshot(page, `${suite.database.dialect}-member-forbidden`);
    await context.close();
  });
});
