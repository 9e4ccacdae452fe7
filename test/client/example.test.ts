/** The example integration (client/examples) runs end to end against a real Marquee. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { makeCrm, type CrmFixture } from '../helpers/api.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { runAuthorize } from '../helpers/oauth.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    crm = await makeCrm(suite.db, 12);
  });
  after(() => server.close());

  it('connects a user and lists their bookings', async () => {
    const port = await freePort();
    const exampleUrl = `http://127.0.0.1:${port}`;
    const { integration, clientSecret } = await makeIntegration(suite.db, {
      organizationId: crm.venue.orgId,
      name: 'Example integration',
      redirectUris: [`${exampleUrl}/callback`],
    });
    const child = spawn(process.execPath, [path.resolve('dist/client/examples/connect-and-list.js')], {
      env: {
        ...process.env,
        MARQUEE_URL: server.url,
        MARQUEE_CLIENT_ID: integration.clientId,
        MARQUEE_CLIENT_SECRET: clientSecret,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', resolve),
      );
      assert.match(first, /Example integration on/);

      const app = new BrowserSession(exampleUrl);
      const connect = await app.request('/connect');
      assert.equal(connect.status, 302);
      assert.ok(connect.location?.startsWith(`${server.url}/oauth/authorize?`));
      const { redirect } = await runAuthorize(server, {
        url: connect.location,
        clientId: integration.clientId,
        email: crm.venue.user.email,
      });
      assert.equal(redirect.origin, exampleUrl);
      const landing = await app.request(redirect.href);
      assert.equal(landing.status, 200, landing.body);
      assert.match(landing.body, /12 bookings/);
      assert.match(landing.body, /BK-00001 · Event 000/);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
