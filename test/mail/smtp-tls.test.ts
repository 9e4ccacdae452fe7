/**
 * An SMTP login never crosses the network in the clear (issue 54's audit): with a user in an
 * `smtp:` SMTP_URL, Marquee requires STARTTLS, so a server that does not offer it never receives
 * the password and the message waits for another try; the operator may opt out with
 * `?tls=optional` (a relay on the same host). A server without a login is used as it is, and a
 * `tls` value other than required or optional stops start-up without echoing the URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logger.js';
import { queueMail } from '../../src/mail/outbox.js';
import { MailSender } from '../../src/mail/sender.js';
import { smtpConnection } from '../../src/mail/transport.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';

describe('SMTP_URL and TLS', () => {
  it('requires STARTTLS for a login over smtp:, unless tls=optional says otherwise', () => {
    assert.deepEqual(smtpConnection('smtp://u:p@mail.example:587'), {
      url: 'smtp://u:p@mail.example:587',
      requireTLS: true,
    });
    assert.equal(smtpConnection('smtp://u:p@127.0.0.1:25?tls=optional').requireTLS, false);
    assert.equal(smtpConnection('smtp://u:p@127.0.0.1:25?tls=optional').url, 'smtp://u:p@127.0.0.1:25');
    assert.equal(smtpConnection('smtp://relay.example:25').requireTLS, false, 'no login to protect');
    assert.equal(smtpConnection('smtp://relay.example:25?tls=required').requireTLS, true);
    assert.equal(smtpConnection('smtps://u:p@mail.example:465').requireTLS, false, 'TLS from the start');
  });

  it('refuses another tls value at start-up without echoing the URL', () => {
    assert.throws(
      () => loadConfig({ SMTP_URL: 'smtp://user:hunter2@mail.example:587?tls=maybe' }),
      (error) =>
        error instanceof ConfigError &&
        error.variable === 'SMTP_URL' &&
        /required or optional/.test(error.message) &&
        !error.message.includes('hunter2'),
    );
  });
});

eachDatabase((suite) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let org: string;

  before(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    org = (await makeOrganization(suite.db, 'Harbour Rooms')).id;
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  /** Sends one message through SMTP_URL `url` and returns its row afterwards. */
  async function sendThrough(url: string) {
    const config = loadConfig({ SMTP_URL: url, LOG_LEVEL: 'silent' });
    const mail = await queueMail(
      suite.db,
      {
        organizationId: org,
        kind: 'test',
        to: { address: 'ops@harbour.example' },
        subject: 'Hello',
        text: 'Hi.',
      },
      { now: server.clock.now(), sending: true },
    );
    const sender = new MailSender({
      db: suite.db,
      config,
      clock: server.clock,
      logger: createLogger('silent'),
    });
    try {
      await sender.sendDue();
    } finally {
      await sender.stop();
    }
    return suite.db
      .selectFrom('outgoing_mail')
      .selectAll()
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
  }

  it('keeps the password from a server that offers no TLS, and tries again later', async () => {
    const logins = smtp.logins;
    const received = smtp.received.length;
    const row = await sendThrough(`smtp://${smtp.login.user}:${smtp.login.password}@127.0.0.1:${smtp.port}`);
    assert.equal(smtp.logins, logins, 'no login was tried: the password never crossed');
    assert.equal(smtp.received.length, received, 'nothing sent');
    assert.equal(row.status, 'pending', 'waiting for another try');
    assert.equal(row.attempts, 1);
    assert.match(row.last_error ?? '', /STARTTLS/i);
    assert.ok(!(row.last_error ?? '').includes(smtp.login.password));
  });

  it('sends with the login in the clear only where the operator opted out', async () => {
    const received = smtp.received.length;
    const row = await sendThrough(
      `smtp://${smtp.login.user}:${smtp.login.password}@127.0.0.1:${smtp.port}?tls=optional`,
    );
    assert.equal(row.status, 'sent', row.last_error ?? '');
    assert.equal(smtp.received.length, received + 1);
    assert.equal(smtp.received.at(-1)?.user, smtp.login.user);
  });
});
