/**
 * "Forgot your password?" on the sign-in page, over a real socket with a real SMTP server: the
 * e-mail carries a link (text and HTML parts) that sets a new password once and for an hour;
 * asking again ends the earlier link; an unknown address gets the very same answer and no mail;
 * asking too often, from one address or for one e-mail, gets the same answer and no mail; no
 * token reaches the log, a redirect or a page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser, TEST_PASSWORD, unique } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';

const NEW_PASSWORD = 'a brand new passphrase';
const TOKEN = /mqp_[A-Za-z0-9_-]{16,}/;

/** The set-password path in a text (an e-mail's part), if any. */
function linkIn(text: string): string | undefined {
  return /\/set-password\/mqp_[A-Za-z0-9_-]+/.exec(text)?.[0];
}

eachDatabase((suite) => {
  describe('forgot password', () => {
    let smtp: TestSmtpServer;
    let server: TestServer;
    let sender: MailSender;
    let nextAddress = 0;

    before(async () => {
      smtp = new TestSmtpServer();
      server = await startTestServer(
        suite.database,
        { RATE_LIMIT_PER_MINUTE: '0', SMTP_URL: await smtp.start(), LOG_LEVEL: 'info', TRUST_PROXY: 'true' },
        { listen: true },
      );
      sender = new MailSender({
        db: suite.db,
        config: server.config,
        clock: server.clock,
        logger: createLogger('silent'),
      });
    });
    after(async () => {
      await sender.stop();
      await server.close();
      await smtp.close();
    });

    /** A browser whose requests come from a client address of its own (behind the trusted proxy). */
    function browserFrom(ip = `203.0.113.${++nextAddress}`): BrowserSession {
      const fetcher: typeof fetch = (url, init) =>
        server.fetch(url, { ...init, headers: { ...(init?.headers as object), 'x-forwarded-for': ip } });
      return new BrowserSession(server.url, fetcher);
    }

    /** Asks for a reset link from the sign-in page, as a person would; the answer and its page. */
    async function askForLink(email: string, browser = browserFrom()) {
      const signInPage = await browser.request('/sign-in');
      assert.match(signInPage.body, /<a href="\/forgot-password">Forgot your password\?<\/a>/);
      const form = await browser.request('/forgot-password');
      assert.equal(form.status, 200);
      assert.equal(form.headers.get('cache-control'), 'no-store');
      const asked = await browser.request('/forgot-password', {
        form: { ...formFields(form.body, '/forgot-password'), email },
      });
      const shown = asked.location ? await browser.request(asked.location) : undefined;
      return { status: asked.status, location: asked.location, page: shown };
    }

    /** Sends what is due and returns the messages to `address` received since `from`. */
    async function mailTo(address: string, from: number) {
      await sender.sendDue();
      return smtp.received.slice(from).filter((m) => m.to.includes(address));
    }

    /** Follows a link in a fresh browser and chooses `password`; the final status. */
    async function choosePassword(path: string, password: string): Promise<number> {
      const browser = browserFrom();
      const page = await browser.request(path);
      if (page.status !== 200) return page.status;
      const set = await browser.request(path, {
        form: { _csrf: inputValue(page.body, '_csrf')!, password, password_again: password },
      });
      return set.status;
    }

    async function canSignIn(email: string, password: string): Promise<boolean> {
      return (await signIn(server, browserFrom(), email, password)).status === 303;
    }

    it('mails a link that sets a new password once, and signs in with it', async () => {
      const org = await makeOrganization(suite.db, 'Harbour Hall');
      const user = await makeUser(suite.db, org.id);
      const received = smtp.received.length;

      const asked = await askForLink(user.email.toUpperCase());
      assert.equal(asked.status, 303);
      assert.equal(asked.location, `${server.url}/forgot-password/sent`);
      assert.equal(asked.page?.status, 200);
      assert.match(asked.page?.body ?? '', /If an account uses that e-mail address/);
      assert.doesNotMatch(asked.page?.body ?? '', TOKEN);

      const [mail, ...more] = await mailTo(user.email, received);
      assert.ok(mail, 'the link reached the person');
      assert.equal(more.length, 0);
      assert.equal(mail.parsed.subject, 'Reset your Marquee password');
      const link = linkIn(mail.parsed.text ?? '');
      assert.ok(link, 'the text part carries the link');
      assert.equal(linkIn(String(mail.parsed.html)), link, 'the HTML part carries the same link');
      assert.match(mail.parsed.text ?? '', /works once, for one hour/);

      assert.equal(await choosePassword(link, NEW_PASSWORD), 303);
      assert.equal(await canSignIn(user.email, NEW_PASSWORD), true);
      assert.equal(await canSignIn(user.email, TEST_PASSWORD), false, 'the old password ended');
      assert.equal(await choosePassword(link, 'someone else’s try'), 404, 'a second use is refused');
      assert.equal(await canSignIn(user.email, NEW_PASSWORD), true);

      // The path with the token was logged, cut; the token itself never.
      const log = server.logs.join('\n');
      assert.match(log, /\/forgot-password/);
      assert.match(log, /\/set-password\//);
      assert.ok(!log.includes(link.split('/').pop()!), 'a token in the log');
      assert.doesNotMatch(log, TOKEN);
    });

    it('refuses a link after its hour, and ends an earlier link when a new one is asked for', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);

      let received = smtp.received.length;
      await askForLink(user.email);
      const [first] = await mailTo(user.email, received);
      const firstLink = linkIn(first?.parsed.text ?? '');
      assert.ok(firstLink);

      received = smtp.received.length;
      await askForLink(user.email);
      const [second] = await mailTo(user.email, received);
      const secondLink = linkIn(second?.parsed.text ?? '');
      assert.ok(secondLink);
      assert.notEqual(secondLink, firstLink);
      assert.equal((await browserFrom().request(firstLink)).status, 404, 'the earlier link ended');
      assert.equal((await browserFrom().request(secondLink)).status, 200);

      server.clock.advance(61 * 60_000);
      assert.equal(await choosePassword(secondLink, NEW_PASSWORD), 404, 'an hour later the link is refused');
      assert.equal(await canSignIn(user.email, NEW_PASSWORD), false);
      assert.equal(await canSignIn(user.email, TEST_PASSWORD), true);
    });

    it('answers an unknown address exactly as a known one, and mails nobody', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);
      const stranger = `${unique('nobody')}@test.example`;
      const received = smtp.received.length;
      const mailRows = async () =>
        (
          await suite.db
            .selectFrom('outgoing_mail')
            .select('id')
            .where('kind', '=', 'password_reset')
            .execute()
        ).length;
      const rowsBefore = await mailRows();

      const known = await askForLink(user.email);
      const unknown = await askForLink(stranger);
      assert.equal(unknown.status, known.status);
      assert.equal(unknown.location, known.location);
      assert.equal(unknown.page?.status, known.page?.status);
      assert.equal(unknown.page?.body, known.page?.body);

      assert.equal((await mailTo(stranger, received)).length, 0);
      assert.equal((await mailTo(user.email, received)).length, 1);
      assert.equal(await mailRows(), rowsBefore + 1);
    });

    it('mails a person without an organization nothing, with the same answer', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);
      await suite.db.deleteFrom('memberships').where('user_id', '=', user.id).execute();
      const received = smtp.received.length;
      const asked = await askForLink(user.email);
      assert.equal(asked.status, 303);
      assert.equal(asked.location, `${server.url}/forgot-password/sent`);
      assert.equal((await mailTo(user.email, received)).length, 0);
    });

    it('stops mailing one e-mail address after three links, whoever asks', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);
      const received = smtp.received.length;
      for (let i = 0; i < 3; i++) assert.equal((await askForLink(user.email)).status, 303);
      const throttled = await askForLink(user.email);
      assert.equal(throttled.status, 303);
      assert.equal(throttled.location, `${server.url}/forgot-password/sent`);
      assert.equal((await mailTo(user.email, received)).length, 3, 'no fourth mail');

      // Another person is not held up by it.
      const other = await makeUser(suite.db, org.id);
      const before = smtp.received.length;
      await askForLink(other.email);
      assert.equal((await mailTo(other.email, before)).length, 1);
    });

    it('stops mailing from one client address after ten requests', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);
      const browser = browserFrom('198.51.100.7');
      for (let i = 0; i < 10; i++) await askForLink(`${unique('guess')}@test.example`, browser);
      const received = smtp.received.length;
      const throttled = await askForLink(user.email, browser);
      assert.equal(throttled.status, 303);
      assert.equal(throttled.location, `${server.url}/forgot-password/sent`);
      assert.equal((await mailTo(user.email, received)).length, 0, 'no mail from a throttled address');

      // From elsewhere, the person still gets their link.
      await askForLink(user.email);
      assert.equal((await mailTo(user.email, received)).length, 1);
    });

    it('refuses a form without its CSRF token', async () => {
      const org = await makeOrganization(suite.db);
      const user = await makeUser(suite.db, org.id);
      const received = smtp.received.length;
      const refused = await browserFrom().request('/forgot-password', { form: { email: user.email } });
      assert.equal(refused.status, 403);
      assert.equal((await mailTo(user.email, received)).length, 0);
    });
  });
});
