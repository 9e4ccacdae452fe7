/**
 * CSRF tokens belong to the sign-in session: a token (and CSRF cookie) from before signing in,
 * from another session or planted by an attacker is refused; signing in starts a new session and
 * drops the signed-out CSRF secret; signing out ends both. Over https the cookies are `Secure`
 * and named `__Host-…`; pages with tokens are `Cache-Control: no-store`.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { authorizeUrl, makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { fromAddress } from './from-address.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;

  before(async () => {
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  const csrfOf = (body: string) => inputValue(body, '_csrf') ?? '';

  it('refuses after sign-in the token and secret of the signed-out sign-in form', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const signInPage = await session.request('/sign-in');
    const before = csrfOf(signInPage.body);
    const signedIn = await session.request('/sign-in', {
      form: {
        ...formFields(signInPage.body, '/sign-in'),
        email: venue.user.email,
        password: 'correct horse battery',
      },
    });
    assert.equal(signedIn.status, 303);
    assert.ok(
      signedIn.headers.getSetCookie().some((c) => /^marquee_csrf=;/.test(c)),
      'the signed-out CSRF cookie is dropped at sign-in',
    );
    assert.equal((await session.request('/sign-out', { form: { _csrf: before } })).status, 403);
    const page = await session.request('/account/password');
    assert.equal(page.status, 200);
    const during = csrfOf(page.body);
    assert.equal((await session.request('/sign-out', { form: { _csrf: during } })).status, 303);
    assert.equal((await session.request('/account/password')).status, 303, 'signed out');
    const again = await session.request('/sign-in');
    assert.notEqual(csrfOf(again.body), during);
  });

  it('refuses a token and CSRF cookie planted from another browser (cookie tossing)', async () => {
    const attacker = new BrowserSession(server.url, server.fetch);
    const attackerPage = await attacker.request('/sign-in');
    const plantedToken = csrfOf(attackerPage.body);
    const plantedCookie = attacker.cookieHeader();
    assert.match(plantedCookie, /marquee_csrf=/);

    const victim = new BrowserSession(server.url, server.fetch);
    await signIn(server, victim, venue.user.email);
    const victimSession = victim
      .cookieHeader()
      .split('; ')
      .find((c) => c.startsWith('marquee_session='));
    assert.ok(victimSession);
    const forged = await server.fetch(`${server.url}/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${victimSession}; ${plantedCookie}`,
      },
      body: new URLSearchParams({ _csrf: plantedToken }),
    });
    assert.equal(forged.status, 403, 'the token is bound to the victim’s session, not to a cookie');

    const other = new BrowserSession(server.url, server.fetch);
    await signIn(server, other, venue.user.email);
    const otherToken = csrfOf((await other.request('/account/password')).body);
    assert.equal((await victim.request('/sign-out', { form: { _csrf: otherToken } })).status, 403);
    assert.equal((await other.request('/sign-out', { form: { _csrf: otherToken } })).status, 303);
  });

  it('starts a new session at every sign-in, ending the one the browser had', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    await signIn(server, session, venue.user.email);
    const sessionCookie = () =>
      session
        .cookieHeader()
        .split('; ')
        .find((c) => c.startsWith('marquee_session='));
    const first = sessionCookie();
    const token = csrfOf((await session.request('/account/password')).body);
    const again = await session.request('/sign-in', {
      form: {
        _csrf: token,
        return_to: '/account/password',
        email: venue.user.email,
        password: 'correct horse battery',
      },
    });
    assert.equal(again.status, 303);
    assert.notEqual(sessionCookie(), first);
    assert.equal((await session.request('/account/password')).status, 200);
    const old = await server.fetch(`${server.url}/account/password`, {
      redirect: 'manual',
      headers: { cookie: first! },
    });
    assert.equal(old.status, 303, 'the previous session id no longer signs anyone in');
  });

  it('uses Secure __Host- cookies over https, from AUTH_URL or a trusted proxy', async () => {
    const https = await startTestServer(suite.database, { AUTH_URL: 'https://login.venue.example' });
    const proxied = await startTestServer(suite.database, { TRUST_PROXY: '127.0.0.1' });
    try {
      for (const [target, fetcher] of [
        [https, https.fetch],
        [proxied, fromAddress(proxied.fetch, '198.51.100.9', 'https')],
      ] as const) {
        const session = new BrowserSession(target.url, fetcher);
        const page = await session.request('/sign-in');
        const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith('__Host-marquee_csrf='));
        assert.ok(csrfCookie, page.headers.getSetCookie().join('\n'));
        const signedIn = await session.request('/sign-in', {
          form: {
            ...formFields(page.body, '/sign-in'),
            email: venue.user.email,
            password: 'correct horse battery',
          },
        });
        assert.equal(signedIn.status, 303);
        const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('__Host-marquee_session='));
        assert.ok(cookie);
        for (const c of [cookie, csrfCookie]) {
          assert.match(c, /; Secure/i);
          assert.match(c, /; Path=\/(;|$)/i);
          assert.doesNotMatch(c, /Domain=/i);
          assert.match(c, /HttpOnly/i);
        }
        assert.equal((await session.request('/account/password')).status, 200, 'the __Host- session works');
      }
      // The same proxy headers from an untrusted sender change nothing.
      const plain = new BrowserSession(server.url, fromAddress(server.fetch, '198.51.100.9', 'https'));
      const page = await plain.request('/sign-in');
      assert.ok(
        page.headers.getSetCookie().every((c) => c.startsWith('marquee_csrf=') && !/Secure/i.test(c)),
      );
    } finally {
      await https.close();
      await proxied.close();
    }
  });

  it('forbids caching the pages that carry tokens', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const signInPage = await session.request('/sign-in');
    assert.equal(signInPage.headers.get('cache-control'), 'no-store');
    const failed = await session.request('/sign-in', {
      form: { ...formFields(signInPage.body, '/sign-in'), email: venue.user.email, password: 'wrong one' },
    });
    assert.equal(failed.status, 401);
    assert.equal(failed.headers.get('cache-control'), 'no-store');
    await signIn(server, session, venue.user.email);
    const consent = await session.request(
      authorizeUrl(server, { clientId: venue.publicClient.clientId, email: '' }),
    );
    assert.equal(consent.status, 200);
    assert.equal(consent.headers.get('cache-control'), 'no-store');
    assert.equal((await session.request('/account/password')).headers.get('cache-control'), 'no-store');
  });
});
