/**
 * `/account/password`: a signed-in user changes their own password. The current password is
 * required (and throttled like a sign-in), errors show beside their fields, the form has CSRF
 * protection; a change signs out every other session of the user and gives this browser a new
 * session id.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer(suite.database);
  });
  after(() => server.close());

  async function signedInUser() {
    const org = await makeOrganization(suite.db);
    const user = await makeUser(suite.db, org.id);
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, user.email)).status, 303);
    return { email: user.email, session };
  }

  async function submit(session: BrowserSession, fields: Record<string, string>) {
    const page = await session.request('/account/password');
    assert.equal(page.status, 200);
    return session.request('/account/password', {
      form: { ...formFields(page.body, '/account/password'), ...fields },
    });
  }

  const fieldError = (body: string, field: string) =>
    new RegExp(`<p class="field-error" id="${field}-error">([^<]*)</p>`).exec(body)?.[1];

  it('asks who you are first', async () => {
    const response = await new BrowserSession(server.url, server.fetch).request('/account/password');
    assert.equal(response.status, 303);
    assert.equal(response.location, `${server.url}/sign-in?return_to=%2Faccount%2Fpassword`);
  });

  it('shows a labelled form', async () => {
    const { session } = await signedInUser();
    const page = await session.request('/account/password');
    assert.equal(page.status, 200);
    for (const field of ['current_password', 'new_password', 'new_password_confirm']) {
      assert.match(page.body, new RegExp(`<label for="${field}">`));
      assert.match(page.body, new RegExp(`id="${field}"\\s+name="${field}"\\s+type="password"`));
    }
    assert.match(page.body, /name="_csrf"/);
  });

  it('puts each mistake beside its field and changes nothing', async () => {
    const { email, session } = await signedInUser();
    const wrong = await submit(session, {
      current_password: 'not it at all',
      new_password: 'a new password',
      new_password_confirm: 'a new password',
    });
    assert.equal(wrong.status, 422);
    assert.equal(fieldError(wrong.body, 'current_password'), 'This is not your current password.');
    assert.match(wrong.body, /id="current_password"[^>]*aria-describedby="current_password-error"/);

    const short = await submit(session, {
      current_password: TEST_PASSWORD,
      new_password: 'short',
      new_password_confirm: 'short',
    });
    assert.equal(short.status, 422);
    assert.match(fieldError(short.body, 'new_password') ?? '', /8 to 1024 characters/);

    const differ = await submit(session, {
      current_password: TEST_PASSWORD,
      new_password: 'a new password',
      new_password_confirm: 'another password',
    });
    assert.equal(differ.status, 422);
    assert.equal(fieldError(differ.body, 'new_password_confirm'), 'The two new passwords differ.');

    const other = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, other, email)).status, 303, 'the password is unchanged');
  });

  it('refuses a forged form', async () => {
    const { email, session } = await signedInUser();
    const forged = await session.request('/account/password', {
      form: {
        _csrf: 'forged',
        current_password: TEST_PASSWORD,
        new_password: 'taken over now',
        new_password_confirm: 'taken over now',
      },
    });
    assert.equal(forged.status, 403);
    assert.equal((await signIn(server, new BrowserSession(server.url, server.fetch), email)).status, 303);
  });

  it('ends the other sessions, keeps this browser signed in under a new session id', async () => {
    const { email, session } = await signedInUser();
    const elsewhere = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, elsewhere, email)).status, 303);
    const before = session.cookieHeader();

    const changed = await submit(session, {
      current_password: TEST_PASSWORD,
      new_password: 'a brand new secret',
      new_password_confirm: 'a brand new secret',
    });
    assert.equal(changed.status, 303);
    assert.equal(changed.location, `${server.url}/account/password?changed=1`);
    const done = await session.request(changed.location);
    assert.equal(done.status, 200, 'this browser is still signed in');
    assert.match(done.body, /role="status">Your password was changed/);
    assert.notEqual(session.cookieHeader(), before, 'with a new session id');
    const stale = await server.fetch(`${server.url}/account/password`, {
      redirect: 'manual',
      headers: { cookie: before },
    });
    assert.equal(stale.status, 303, 'the old session id is gone');
    assert.equal((await elsewhere.request('/account/password')).status, 303, 'the other session ended');

    const fresh = () => new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, fresh(), email, TEST_PASSWORD)).status, 401);
    assert.equal((await signIn(server, fresh(), email, 'a brand new secret')).status, 303);
  });

  it('throttles guesses of the current password', async () => {
    const { session } = await signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await submit(session, {
        current_password: `guess ${i}`,
        new_password: 'taken over now',
        new_password_confirm: 'taken over now',
      });
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [422, 422, 422, 422, 422, 429]);
  });
});
