/**
 * Behind a load balancer (SPEC §10): two `marquee serve` processes on one PostgreSQL behind a
 * round-robin proxy that terminates "https" and reports the client in X-Forwarded-For. With
 * TRUST_PROXY naming the proxy, a session started through one process works through the other
 * (CSRF included), cookies are Secure and `__Host-`, and the sign-in throttle sees each client's
 * own address. A third process without TRUST_PROXY believes none of the proxy's headers.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { onDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type RunningServer, startServer } from '../helpers/processes.js';

/** The header a test sets to say which client a request comes from; the proxy turns it into X-Forwarded-For. */
const CLIENT_HEADER = 'x-test-client';

interface Proxy {
  url: string;
  targets: string[];
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  const targets: string[] = [];
  let next = 0;
  const server = http.createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]!);
    const headers = { ...incoming.headers };
    headers['x-forwarded-for'] = String(incoming.headers[CLIENT_HEADER] ?? incoming.socket.remoteAddress);
    headers['x-forwarded-proto'] = 'https';
    delete headers[CLIENT_HEADER];
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Several serving processes need PostgreSQL; the embedded database serves one.
onDatabase('postgres', (suite) => {
  let trusting: Proxy | undefined;
  let untrusting: Proxy | undefined;
  const processes: RunningServer[] = [];
  let venue: Venue;

  before(async () => {
    venue = await makeVenue(suite.db);
    trusting = await startProxy();
    untrusting = await startProxy();
    const env = { ...suite.database.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0' };
    const behindTrusting = {
      ...env,
      AUTH_URL: trusting.url,
      BASE_URL: trusting.url,
      TRUST_PROXY: '127.0.0.1',
    };
    processes.push(await startServer(behindTrusting, ['--migrate']));
    processes.push(await startServer(behindTrusting));
    processes.push(await startServer({ ...env, AUTH_URL: untrusting.url, BASE_URL: untrusting.url }));
    trusting.targets.push(processes[0]!.url, processes[1]!.url);
    untrusting.targets.push(processes[2]!.url);
  });
  after(async () => {
    for (const server of processes) await server.stop();
    await trusting?.close();
    await untrusting?.close();
  });

  const client = (proxy: Proxy, address: string) =>
    new BrowserSession(proxy.url, (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set(CLIENT_HEADER, address);
      return fetch(input, { ...init, headers });
    });

  async function signIn(session: BrowserSession, password: string) {
    const page = await session.request('/sign-in');
    assert.equal(page.status, 200);
    const response = await session.request('/sign-in', {
      form: { ...formFields(page.body, '/sign-in'), email: venue.user.email, password },
    });
    return { page, response };
  }

  it('keeps a session started through one process working through the other, with Secure __Host- cookies', async () => {
    const session = client(trusting!, '198.51.100.40');
    const { page, response } = await signIn(session, TEST_PASSWORD);
    const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith('__Host-marquee_csrf='));
    assert.ok(csrfCookie, 'the sign-in form came with a __Host- CSRF cookie');
    assert.match(csrfCookie, /; Secure/i);
    assert.equal(response.status, 303, 'the form from one process is accepted by the other');
    const sessionCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-marquee_session='));
    assert.ok(sessionCookie);
    assert.match(sessionCookie, /; Secure/i);
    for (let i = 0; i < 2; i++) {
      const account = await session.request('/account/password');
      assert.equal(account.status, 200, `request ${i + 1} is served by process ${(i % 2) + 1}, signed in`);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec((await session.request('/account/password')).body)?.[1];
    assert.equal((await session.request('/sign-out', { form: { _csrf: token ?? '' } })).status, 303);
  });

  it('throttles each client by the address the trusted proxy reports', async () => {
    const stranger = client(trusting!, '203.0.113.40');
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) {
      statuses.push((await signIn(stranger, `guess ${i}`)).response.status);
    }
    assert.equal(statuses.at(-1), 429, JSON.stringify(statuses));
    assert.equal((await signIn(stranger, TEST_PASSWORD)).response.status, 429);
    const owner = client(trusting!, '198.51.100.41');
    assert.equal((await signIn(owner, TEST_PASSWORD)).response.status, 303, 'the owner, elsewhere, signs in');
  });

  it('believes no forwarded header without TRUST_PROXY', async () => {
    const stranger = client(untrusting!, '203.0.113.42');
    for (let i = 0; i < 5; i++) {
      const { page, response } = await signIn(stranger, `guess ${i}`);
      assert.equal(response.status, 401);
      assert.ok(
        page.headers.getSetCookie().every((c) => !/Secure/i.test(c) && !c.startsWith('__Host-')),
        'X-Forwarded-Proto: https is not believed',
      );
    }
    const owner = client(untrusting!, '198.51.100.43');
    assert.equal(
      (await signIn(owner, TEST_PASSWORD)).response.status,
      429,
      'every client looks like the proxy, so the claimed address does not help',
    );
  });
});
