/**
 * Where sign-in sends the visitor back to (RFC 9700 §4.11): only paths on AUTH_URL's origin.
 * Browsers drop tabs and newlines and read `\` as `/`, so each value below would have led to
 * another host (or, with CR/LF, broken the Location header); each falls back to `/`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { safeReturnPath } from '../../src/web/sign-in/return-path.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';

/** As they arrive in a query string (percent-encoded where a browser would encode them). */
const HOSTILE_QUERY_VALUES = [
  '/%09/evil.example/phish',
  '/%0a/evil.example',
  '/%0d%0aSet-Cookie:%20x=1',
  '%2F%2Fevil.example',
  '//evil.example/',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '%5C%5Cevil.example',
  'https://evil.example/',
  'https:evil.example',
  '%20//evil.example',
  '/%20/evil.example',
  '/%E2%80%A8/evil.example',
  'javascript:alert(1)',
  'evil.example',
  // Paths whose dot segments resolve to `//host`.
  '/..//evil.example/phish',
  '/%2e%2e//evil.example',
  '/a/../..//evil.example',
  '/.%2e//evil.example',
  '/./..//evil.example',
];

/** As a form field carries them (decoded). */
const HOSTILE_FORM_VALUES = [
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r\nSet-Cookie: x=1',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  ' //evil.example',
  '/\u2028/evil.example',
];

describe('safeReturnPath', () => {
  const auth = 'https://login.venue.example';
  it('keeps same-origin paths with their query', () => {
    assert.equal(
      safeReturnPath('/oauth/authorize?client_id=a&scope=b', auth),
      '/oauth/authorize?client_id=a&scope=b',
    );
    assert.equal(safeReturnPath('/settings/integrations', auth), '/settings/integrations');
    assert.equal(safeReturnPath('/a/../settings', auth), '/settings');
  });
  it('refuses everything else', () => {
    for (const value of [...HOSTILE_FORM_VALUES, ...HOSTILE_QUERY_VALUES.map(decodeURIComponent)]) {
      assert.equal(safeReturnPath(value, auth), '/', JSON.stringify(value));
    }
    assert.equal(safeReturnPath(undefined, auth), '/');
    assert.equal(safeReturnPath(`/${'a'.repeat(5000)}`, auth), '/');
  });
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;

  before(async () => {
    server = await startTestServer(suite.database);
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  it('puts only a safe return path into the sign-in form', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    for (const value of HOSTILE_QUERY_VALUES) {
      const page = await session.request(`/sign-in?return_to=${value}`);
      assert.equal(page.status, 200, value);
      assert.equal(inputValue(page.body, 'return_to'), '/', value);
    }
    const kept = await session.request(`/sign-in?return_to=${encodeURIComponent('/settings/integrations')}`);
    assert.equal(inputValue(kept.body, 'return_to'), '/settings/integrations');
  });

  it('redirects a signed-in visitor only to a safe path', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, venue.user.email)).status, 303);
    for (const value of HOSTILE_QUERY_VALUES) {
      const response = await session.request(`/sign-in?return_to=${value}`);
      assert.equal(response.status, 303, value);
      assert.equal(response.location, `${server.url}/`, value);
    }
  });

  it('redirects after signing in only to a safe path', async () => {
    for (const value of HOSTILE_FORM_VALUES) {
      const session = new BrowserSession(server.url, server.fetch);
      const page = await session.request('/sign-in');
      const response = await session.request('/sign-in', {
        form: {
          ...formFields(page.body, '/sign-in'),
          return_to: value,
          email: venue.user.email,
          password: 'correct horse battery',
        },
      });
      assert.equal(response.status, 303, JSON.stringify(value));
      assert.equal(response.location, `${server.url}/`, JSON.stringify(value));
    }
    const session = new BrowserSession(server.url, server.fetch);
    const signedIn = await signIn(
      server,
      session,
      venue.user.email,
      undefined,
      '/settings/integrations?org=1',
    );
    assert.equal(signedIn.location, `${server.url}/settings/integrations?org=1`);
  });

  it('sends a visitor who must sign in back to where they were, on this origin', async () => {
    const session = new BrowserSession(server.url, server.fetch);
    const response = await session.request('/account/password');
    assert.equal(response.location, `${server.url}/sign-in?return_to=%2Faccount%2Fpassword`);
    const page = await session.request(response.location);
    assert.equal(inputValue(page.body, 'return_to'), '/account/password');
  });
});
