/**
 * Outgoing e-mail (SPEC §13) against a real SMTP server: with no SMTP_URL a message is kept in the
 * outbox for admins to read under Settings → Outgoing mail; with one, the mail sender sends it
 * with the server's login, from MAIL_FROM; a message the server refuses for now (4xx) or cannot
 * be reached for is tried again on MAIL_RETRY_SCHEDULE, one it refuses for good (5xx) fails and can
 * be sent again from its page; the files a message carries go with it, the same bytes on every try,
 * and are forgotten with it; the log never holds the SMTP password, the message or its address.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { type Config, ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logger.js';
import type { OutgoingMailTable } from '../../src/mail/mail.table.js';
import { queueMail } from '../../src/mail/outbox.js';
import { pruneExpired } from '../../src/background/prune.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';

const FROM = 'Harbour Rooms <events@harbour.example>';

/** A sender whose log lines are kept. */
function senderWithLog(server: TestServer, config: Config = server.config) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const sender = new MailSender({
    db: server.app.ctx.db,
    config,
    clock: server.clock,
    logger: createLogger('info', sink),
  });
  return { sender, lines };
}

describe('outgoing mail configuration', () => {
  it('takes smtp: and smtps: URLs and an address to send from, and refuses others without echoing them', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: FROM });
    assert.equal(config.smtpUrl, 'smtps://u:p@mail.example:465');
    assert.equal(config.mailFrom, FROM);
    assert.equal(
      loadConfig({ BASE_URL: 'https://crm.harbour.example' }).mailFrom,
      'Marquee <no-reply@crm.harbour.example>',
    );
    assert.deepEqual(loadConfig({ MAIL_RETRY_SCHEDULE: '1m,1h' }).mailRetrySchedule, [60, 3600]);
    assert.throws(
      () => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example' }),
      (error: unknown) =>
        error instanceof ConfigError && error.variable === 'SMTP_URL' && !error.message.includes('hunter2'),
    );
    for (const from of ['events', 'a@b@c', 'Name <events>', 'x@y\r\nBcc: z@w'])
      assert.throws(() => loadConfig({ MAIL_FROM: from }), ConfigError, from);
  });
});

eachDatabase((suite) => {
  describe('with no SMTP server', () => {
    let server: TestServer;
    let org: string;
    let admin: BrowserSession;
    let adminEmail: string;

    before(async () => {
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
      org = (await makeOrganization(suite.db, 'Harbour Rooms')).id;
      adminEmail = (await makeUser(suite.db, org, { role: 'admin' })).email;
      admin = new BrowserSession(server.url, server.fetch);
      await signIn(server, admin, adminEmail);
    });
    after(() => server.close());

    it('keeps a message in the outbox, unsent, for admins to read, and members cannot', async () => {
      const path = `/orgs/${org}/settings/outgoing-mail`;
      const empty = await admin.request(path);
      assert.equal(empty.status, 200, empty.body);
      assert.match(empty.body, /No SMTP server is set up/);
      assert.match(empty.body, /No e-mail yet/);
      const fields = formFields(empty.body, `${path}/test`);
      assert.equal((await admin.request(`${path}/test`, { form: { _csrf: 'forged' } })).status, 403);
      const made = await admin.request(`${path}/test`, { form: fields });
      assert.equal(made.status, 303);
      const listed = await admin.request(made.location!);
      assert.match(
        listed.body,
        new RegExp(`A test message to ${adminEmail.replace('.', '\\.')} is kept below`),
      );
      assert.match(listed.body, /Test message from Harbour Rooms/);
      assert.match(listed.body, /Not sent/);

      const [mail] = await suite.db
        .selectFrom('outgoing_mail')
        .selectAll()
        .where('organization_id', '=', org)
        .execute();
      assert.equal(mail?.status, 'outbox');
      assert.equal(mail.next_attempt_at, null);
      const shown = await admin.request(`${path}/${mail.id}`);
      assert.equal(shown.status, 200);
      assert.match(shown.body, /If you can read it/);
      assert.ok(shown.body.includes(adminEmail));
      assert.doesNotMatch(shown.body, /Send it now/, 'nothing to send it with');
      assert.equal(
        (await admin.request(`${path}/${mail.id}/send`, { form: formFields(shown.body, path + '/test') }))
          .status,
        404,
      );

      const member = new BrowserSession(server.url, server.fetch);
      await signIn(server, member, (await makeUser(suite.db, org, { role: 'member' })).email);
      assert.equal((await member.request(path)).status, 403);
      assert.equal((await member.request(`${path}/${mail.id}`)).status, 403);
    });
  });

  it('forgets e-mail done with after EVENT_RETENTION, and keeps what waits to be sent', async () => {
    const org = (await makeOrganization(suite.db, 'Quay House')).id;
    const at = Date.parse('2030-04-01T09:00:00Z');
    const queue = (subject: string, sending: boolean) =>
      queueMail(
        suite.db,
        { organizationId: org, kind: 'test', to: { address: 'ops@quay.example' }, subject, text: 'Hello' },
        { now: at, sending },
      );
    const kept = await queueMail(
      suite.db,
      {
        organizationId: org,
        kind: 'test',
        to: { address: 'ops@quay.example' },
        subject: 'Kept unsent',
        text: 'Hello',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', bytes: new Uint8Array([37, 80]) }],
      },
      { now: at, sending: false },
    );
    const waiting = await queue('Waiting', true);
    const sent = await queue('Sent', true);
    await suite.db.updateTable('outgoing_mail').set({ status: 'sent' }).where('id', '=', sent.id).execute();
    const month = 30 * 86_400;
    const left = async () =>
      (await suite.db.selectFrom('outgoing_mail').select('id').where('organization_id', '=', org).execute())
        .map((m) => m.id)
        .sort();
    await pruneExpired(suite.db, at + (month - 60) * 1000, { eventRetentionSeconds: month });
    assert.deepEqual(await left(), [kept.id, waiting.id, sent.id].sort(), 'not before the retention is over');
    const late = await pruneExpired(suite.db, at + (month + 60) * 1000, { eventRetentionSeconds: month });
    assert.ok(late.mail >= 2, 'counted');
    assert.deepEqual(await left(), [waiting.id]);
    const files = await suite.db
      .selectFrom('outgoing_mail_attachments')
      .select('mail_id')
      .where('organization_id', '=', org)
      .execute();
    assert.deepEqual(files, [], 'a message’s files go with it');
    // What waits to be sent was queued on a fixed day: left in the database, a sender running on
    // any later day (the SMTP tests below, on the wall clock) would send it with its own.
    await suite.db.deleteFrom('outgoing_mail').where('organization_id', '=', org).execute();
  });

  describe('through a real SMTP server', () => {
    let server: TestServer;
    let smtp: TestSmtpServer;
    let org: string;
    let adminEmail: string;
    let admin: BrowserSession;
    let path: string;
    const mailOf = async () =>
      (await suite.db
        .selectFrom('outgoing_mail')
        .selectAll()
        .where('organization_id', '=', org)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst()) as OutgoingMailTable;
    const sendTest = async () => {
      const page = await admin.request(path);
      assert.equal(
        (await admin.request(`${path}/test`, { form: formFields(page.body, `${path}/test`) })).status,
        303,
      );
      return mailOf();
    };
    /** Queues a message to be sent, as a change that makes one would. */
    const queued = (address: string, subject: string, text = 'Hi') =>
      queueMail(
        suite.db,
        { organizationId: org, kind: 'test', to: { address }, subject, text },
        { now: server.clock.now(), sending: true },
      );
    const rowOf = (id: string) =>
      suite.db.selectFrom('outgoing_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    before(async () => {
      smtp = new TestSmtpServer();
      const smtpUrl = await smtp.start();
      server = await startTestServer(suite.database, {
        RATE_LIMIT_PER_MINUTE: '0',
        SMTP_URL: smtpUrl,
        MAIL_FROM: FROM,
        MAIL_RETRY_SCHEDULE: '1m,10m',
      });
      org = (await makeOrganization(suite.db, 'Harbour Rooms')).id;
      adminEmail = (await makeUser(suite.db, org, { role: 'admin' })).email;
      admin = new BrowserSession(server.url, server.fetch);
      await signIn(server, admin, adminEmail);
      path = `/orgs/${org}/settings/outgoing-mail`;
    });
    after(async () => {
      await server.close();
      await smtp.close();
    });

    it('sends a message with the server’s login, from MAIL_FROM, and says so on the page', async () => {
      const { sender, lines } = senderWithLog(server);
      try {
        const queued = await sendTest();
        assert.equal(queued.status, 'pending');
        assert.equal(await sender.sendDue(), 1);
        const [received] = smtp.received.slice(-1);
        assert.equal(received?.user, 'marquee');
        assert.deepEqual(received.to, [adminEmail]);
        assert.equal(received.from, 'events@harbour.example');
        assert.equal(received.parsed.subject, 'Test message from Harbour Rooms');
        assert.equal(received.parsed.from?.text, '"Harbour Rooms" <events@harbour.example>');
        assert.match(
          received.parsed.text ?? '',
          /sent this test message from Settings → Outgoing mail of Harbour Rooms/,
        );
        const sent = await mailOf();
        assert.equal(sent.status, 'sent');
        assert.equal(sent.message_id, received.parsed.messageId);
        const sentAt = Date.parse(sent.sent_at!);
        assert.ok(
          sentAt >= Date.parse(queued.created_at) && sentAt <= server.clock.now(),
          'sent at the server’s time',
        );
        const page = await admin.request(path);
        assert.match(
          page.body,
          /sent through <code>smtp:\/\/127\.0\.0\.1:\d+<\/code> from <code>Harbour Rooms &lt;events@harbour\.example&gt;<\/code>/,
        );
        assert.match(page.body, /Sent<\/span>/);
        assert.ok(!page.body.includes(smtp.login.password), 'the SMTP password is never shown');
        assert.deepEqual(lines, [], 'nothing logged for a message sent');
      } finally {
        await sender.stop();
      }
    });

    it('tries again on the schedule a message the server refuses for now, then sends it', async () => {
      const { sender } = senderWithLog(server);
      try {
        smtp.refusals = [451];
        const queued = await sendTest();
        const before = smtp.received.length;
        assert.equal(await sender.sendDue(), 1);
        const waiting = await mailOf();
        assert.equal(waiting.id, queued.id);
        assert.deepEqual([waiting.status, waiting.attempts], ['pending', 1]);
        assert.match(waiting.last_error ?? '', /^451 /);
        const wait = Date.parse(waiting.next_attempt_at!) - server.clock.now();
        assert.ok(
          wait >= 54_000 && wait <= 66_000,
          `the first retry is a minute on (${wait} ms), spread a little`,
        );
        const page = await admin.request(path);
        assert.match(page.body, /Will try again<\/span>/);
        assert.match(page.body, /after 1 try: 451 /);

        assert.equal(await sender.sendDue(), 0, 'not before its time');
        server.clock.advance(70_000);
        assert.equal(await sender.sendDue(), 1);
        assert.equal(smtp.received.length, before + 1);
        assert.deepEqual([(await mailOf()).status, (await mailOf()).attempts], ['sent', 2]);
      } finally {
        await sender.stop();
      }
    });

    it('fails a message the server refuses for good, and sends it again from its page', async () => {
      const { sender, lines } = senderWithLog(server);
      try {
        smtp.refusals = [550];
        const queued = await sendTest();
        assert.equal(await sender.sendDue(), 1);
        const failed = await mailOf();
        assert.deepEqual([failed.status, failed.attempts, failed.next_attempt_at], ['failed', 1, null]);
        assert.match(failed.last_error ?? '', /^550 /);
        // The server's answer names the address; the log does not.
        assert.ok(failed.last_error?.includes(adminEmail), 'the page may show it to admins');
        assert.match(lines.join(''), /550 <address>: Recipient address rejected/);
        assert.ok(!lines.join('').includes(adminEmail), 'the log never holds the address');
        const page = await admin.request(`${path}/${queued.id}`);
        assert.match(page.body, /Failed<\/span> 550 /);
        const again = await admin.request(`${path}/${queued.id}/send`, {
          form: formFields(page.body, `${path}/${queued.id}/send`),
        });
        assert.equal(again.status, 303);
        assert.match((await admin.request(again.location!)).body, /It is on its way again/);
        assert.equal((await mailOf()).status, 'pending');
        assert.equal(await sender.sendDue(), 1);
        assert.deepEqual([(await mailOf()).status, (await mailOf()).attempts], ['sent', 1]);
        // A sent message is not sent again.
        assert.equal(
          (
            await admin.request(`${path}/${queued.id}/send`, {
              form: formFields(page.body, `${path}/${queued.id}/send`),
            })
          ).status,
          404,
        );
      } finally {
        await sender.stop();
      }
    });

    it('sends the files a message carries, the same bytes when it is tried again', async () => {
      const { sender } = senderWithLog(server);
      const bytes = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), 0, 255, 128, 10, 13]);
      try {
        const mail = await queueMail(
          suite.db,
          {
            organizationId: org,
            kind: 'test',
            to: { address: 'ama@client.example' },
            subject: 'With a file',
            text: 'Attached.',
            attachments: [{ filename: 'Invoice INV-00007.pdf', contentType: 'application/pdf', bytes }],
          },
          { now: server.clock.now(), sending: true },
        );
        smtp.refusals = [451];
        const before = smtp.received.length;
        assert.equal(await sender.sendDue(), 1);
        assert.equal((await rowOf(mail.id)).status, 'pending', 'refused for now');
        server.clock.advance(70_000);
        assert.equal(await sender.sendDue(), 1);
        assert.equal(smtp.received.length, before + 1);
        const { parsed } = smtp.received.at(-1)!;
        assert.equal(parsed.text?.trim(), 'Attached.');
        assert.deepEqual(
          parsed.attachments.map((a) => [a.filename, a.contentType, [...a.content]]),
          [['Invoice INV-00007.pdf', 'application/pdf', [...bytes]]],
        );
      } finally {
        await sender.stop();
      }
    });

    it('sends to one address only, failing a recipient that is several', async () => {
      const { sender } = senderWithLog(server);
      try {
        const before = smtp.received.length;
        const mail = await queued('alice@client.example, eve@other.example', 'Two');
        assert.equal(await sender.sendDue(), 1);
        const row = await rowOf(mail.id);
        assert.deepEqual(
          [row.status, row.last_error],
          ['failed', 'The recipient is not one e-mail address.'],
        );
        assert.equal(smtp.received.length, before, 'nothing sent');
      } finally {
        await sender.stop();
      }
    });

    it('writes an outcome only while its job’s lease is the one it took', async () => {
      const transport = {
        // Another process took the message's job over while this one was sending it.
        send: async (mail: OutgoingMailTable) => {
          await suite.db
            .updateTable('jobs')
            .set({ lease_token: 'taken-over', lease_expires_at: '2099-01-01T00:00:00.000Z' })
            .where('kind', '=', 'mail.send')
            .where('dedupe_key', '=', mail.id)
            .execute();
          return { ok: true as const, messageId: '<late@marquee>' };
        },
        close: () => {},
      };
      const sender = new MailSender({
        db: suite.db,
        config: server.config,
        clock: server.clock,
        logger: createLogger('silent'),
        transport,
      });
      try {
        const mail = await queued('ops@harbour.example', 'Leased');
        assert.equal(await sender.sendDue(), 1);
        const row = await rowOf(mail.id);
        assert.deepEqual([row.status, row.message_id], ['pending', null]);
        const job = await suite.db
          .selectFrom('jobs')
          .select(['state', 'lease_token'])
          .where('dedupe_key', '=', mail.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          [job.state, job.lease_token],
          ['pending', 'taken-over'],
          'the job is the new holder’s',
        );
      } finally {
        await sender.stop();
      }
    });

    it('tries again while the server cannot be reached, fails after the last retry, and never logs secrets', async () => {
      const unreachable = loadConfig({
        SMTP_URL: `smtp://marquee:${smtp.login.password}@127.0.0.1:1`,
        MAIL_FROM: FROM,
        MAIL_RETRY_SCHEDULE: '1m,10m',
      });
      const { sender, lines } = senderWithLog(server, unreachable);
      try {
        const mail = await queued('lin@client.example', 'Your proposal', 'Private words');
        for (const [attempt, wait] of [
          [1, 60_000],
          [2, 600_000],
        ] as const) {
          assert.equal(await sender.sendDue(), 1);
          const row = await rowOf(mail.id);
          assert.deepEqual([row.status, row.attempts], ['pending', attempt]);
          assert.match(row.last_error ?? '', /ECONNREFUSED|connect/i);
          server.clock.advance(wait * 1.2);
        }
        assert.equal(await sender.sendDue(), 1);
        const last = await rowOf(mail.id);
        assert.deepEqual([last.status, last.attempts], ['failed', 3]);
        const log = lines.join('');
        assert.equal(lines.length, 3, log);
        assert.match(log, new RegExp(mail.id));
        for (const secret of [smtp.login.password, 'Private words', 'lin@client.example', 'Your proposal'])
          assert.ok(!log.includes(secret), `the log does not hold ${secret}`);
      } finally {
        await sender.stop();
      }
    });
  });
});
