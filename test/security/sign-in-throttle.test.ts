/**
 * Sign-in failures wait per (account, address) and per address (SPEC §4): a stranger's wrong
 * passwords slow the stranger, never the account's owner at another address; waits grow with
 * every further failure; failures are counted in `marquee_sign_in_failures_total`. Addresses come
 * from X-Forwarded-For, believed because TRUST_PROXY=true here.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { fromAddress } from './from-address.js';

eachDatabase((suite) => {
  let server: TestServer;
  let untrusting: TestServer;

  before(async () => {
    server = await startTestServer(suite.database, { TRUST_PROXY: 'true' });
    untrusting = await startTestServer(suite.database);
  });
  after(async () => {
    await server.close();
    await untrusting.close();
  });

  async function newUser(): Promise<string> {
    const org = await makeOrganization(suite.db);
    return (await makeUser(suite.db, org.id)).email;
  }

  function attempt(target: TestServer, address: string) {
    const session = new BrowserSession(target.url, fromAddress(target.fetch, address));
    return async (email: string, password: string) => {
      const page = await session.request('/sign-in');
      return session.request('/sign-in', { form: { ...formFields(page.body, '/sign-in'), email, password } });
    };
  }

  it('slows the stranger guessing a password, not the owner signing in elsewhere', async () => {
    const victim = await newUser();
    const stranger = attempt(server, '203.0.113.7');
    for (let i = 0; i < 5; i++) assert.equal((await stranger(victim, `guess ${i}`)).status, 401);
    const refused = await stranger(victim, TEST_PASSWORD);
    assert.equal(refused.status, 429, 'the stranger waits, even with the right password');
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.match(refused.body, /Too many failed sign-ins from here\. Try again in 30 seconds\./);

    const owner = await attempt(server, '198.51.100.20')(victim, TEST_PASSWORD);
    assert.equal(owner.status, 303, 'the owner signs in from their own address');
  });

  it('makes each further failure wait twice as long', async () => {
    const victim = await newUser();
    const stranger = attempt(server, '203.0.113.8');
    for (let i = 0; i < 5; i++) await stranger(victim, `guess ${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await stranger(victim, 'again');
      assert.equal(refused.status, 429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      server.clock.advance(wait * 1000);
      assert.equal((await stranger(victim, `later ${i}`)).status, 401, 'one more guess after the wait');
    }
    assert.deepEqual(waits, [30, 60, 120, 240]);
  });

  it('slows one address guessing across many accounts', async () => {
    const sprayer = attempt(server, '203.0.113.9');
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) {
      status = (await sprayer(`nobody-${i}@test.example`, 'Winter2026!')).status;
    }
    assert.equal(status, 429, 'thirty failures from one address make it wait');
    assert.equal((await sprayer(await newUser(), TEST_PASSWORD)).status, 429);
    assert.equal((await attempt(server, '198.51.100.21')(await newUser(), TEST_PASSWORD)).status, 303);
  });

  it('counts refused sign-ins by reason', async () => {
    const text = await server.app.ctx.metrics.registry.getSingleMetricAsString(
      'marquee_sign_in_failures_total',
    );
    const count = (reason: string) =>
      Number(
        new RegExp(`marquee_sign_in_failures_total\\{reason="${reason}"\\} (\\d+)`).exec(text)?.[1] ?? 0,
      );
    assert.ok(count('wrong_password') >= 40, text);
    assert.ok(count('throttled') >= 6, text);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the sender', async () => {
    const victim = await newUser();
    const stranger = attempt(untrusting, '203.0.113.10');
    for (let i = 0; i < 5; i++) assert.equal((await stranger(victim, `guess ${i}`)).status, 401);
    const claimed = await attempt(untrusting, '198.51.100.22')(victim, TEST_PASSWORD);
    assert.equal(claimed.status, 429, 'a claimed address does not escape the throttle');
  });
});
