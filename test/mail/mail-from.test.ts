/**
 * An organization's From address, set by an admin under Settings → Outgoing mail: its mail leaves
 * a real SMTP server with it (another organization's keeps the installation's MAIL_FROM); bad
 * fields are refused beside them, every one at once; a domain that is not a real one (no dot,
 * localhost, a reserved name) is warned about; members cannot set it, nor can a forged form.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/http/logger.js';
import { unrealDomain } from '../../src/mail/from-address.js';
import { queueMail } from '../../src/mail/outbox.js';
import { MailSender } from '../../src/mail/sender.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { signIn } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

it('warns of domains that cannot be real, by their name alone', () => {
  for (const address of [
    'events@localhost',
    'events@venue',
    'events@example.com',
    'events@mail.example.org',
    'events@venue.test',
    'events@venue.invalid',
    'events@venue.local',
    'events@harbour.example',
    'events@10.0.0.1',
  ])
    assert.ok(unrealDomain(address), address);
  for (const address of ['events@harbourrooms.co.uk', 'bookings@venue.events', 'a@examples.com'])
    assert.equal(unrealDomain(address), undefined, address);
});

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let org: string;
  let other: string;
  let admin: BrowserSession;
  let path: string;

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: 'Marquee <no-reply@crm.harbourrooms.com>',
    });
    org = (await makeOrganization(suite.db, 'Harbour Rooms')).id;
    other = (await makeOrganization(suite.db, 'Quay House')).id;
    admin = new BrowserSession(server.url, server.fetch);
    await signIn(server, admin, (await makeUser(suite.db, org, { role: 'admin' })).email);
    path = `/orgs/${org}/settings/outgoing-mail`;
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  const setFrom = async (from_name: string, from_address: string) => {
    const page = await admin.request(path);
    return admin.request(`${path}/from`, {
      form: { ...formFields(page.body, `${path}/from`), from_name, from_address },
    });
  };

  const sendOne = async (organizationId: string, subject: string) => {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('info', sink),
    });
    try {
      await queueMail(
        suite.db,
        { organizationId, kind: 'test', to: { address: 'guest@clients.co.uk' }, subject, text: 'Hello' },
        { now: server.clock.now(), sending: true },
      );
      assert.equal(await sender.sendDue(), 1);
      const received = smtp.received.find((m) => m.parsed.subject === subject);
      assert.ok(received, `${subject} arrived`);
      return received;
    } finally {
      await sender.stop();
    }
  };

  it('sends the organization’s mail from the address its admin sets, and others’ from MAIL_FROM', async () => {
    const before = await admin.request(path);
    assert.match(text(before.body), /sent from Marquee <no-reply@crm\.harbourrooms\.com>/);
    assert.doesNotMatch(before.body, /Mail from it may not arrive/);

    const saved = await setFrom('Harbour Rooms Events', 'Events@HarbourRooms.com');
    assert.equal(saved.status, 303, saved.body.slice(0, 300));
    const page = await admin.request(saved.location!);
    assert.match(text(page.body), /From address saved\./);
    assert.match(text(page.body), /sent from "Harbour Rooms Events" <events@harbourrooms\.com>/);

    const ours = await sendOne(org, 'From the venue');
    assert.equal(ours.parsed.from?.text, '"Harbour Rooms Events" <events@harbourrooms.com>');
    const theirs = await sendOne(other, 'From the installation');
    assert.equal(theirs.parsed.from?.text, '"Marquee" <no-reply@crm.harbourrooms.com>');

    // Emptied, the installation's address is used again.
    assert.equal((await setFrom('', '')).status, 303);
    const again = await sendOne(org, 'Back to the default');
    assert.equal(again.parsed.from?.text, '"Marquee" <no-reply@crm.harbourrooms.com>');
  });

  it('warns when the domain is not a real one, and refuses bad fields beside them', async () => {
    for (const [address, words] of [
      ['events@localhost', /“localhost” is not a domain on the internet/],
      ['events@example.com', /“example\.com” is a name reserved/],
      ['events@venue.test', /“venue\.test” is a name reserved/],
    ] as const) {
      assert.equal((await setFrom('Harbour Rooms', address)).status, 303, address);
      const page = text((await admin.request(path)).body);
      assert.match(page, /Mail from it may not arrive\./, address);
      assert.match(page, words, address);
    }
    const bad = await setFrom('Harbour\r\nBcc: all@x.com', 'not an address');
    assert.equal(bad.status, 422);
    assert.match(text(bad.body), /A name without line breaks, quotes or < >\./);
    assert.match(text(bad.body), /Give an e-mail address such as events@yourvenue\.com\./);
    const nameOnly = await setFrom('Harbour Rooms', '');
    assert.equal(nameOnly.status, 422);
    assert.match(text(nameOnly.body), /Give the address to send from/);
    const stored = await suite.db
      .selectFrom('organizations')
      .select('mail_from_address')
      .where('id', '=', org)
      .executeTakeFirstOrThrow();
    assert.equal(stored.mail_from_address, 'events@venue.test', 'a refused form changes nothing');
  });

  it('lets only admins set it, with the form’s CSRF token', async () => {
    const forged = await admin.request(`${path}/from`, {
      form: { _csrf: 'forged', from_name: 'X', from_address: 'x@harbourrooms.com' },
    });
    assert.equal(forged.status, 403);
    const member = new BrowserSession(server.url, server.fetch);
    await signIn(server, member, (await makeUser(suite.db, org, { role: 'member' })).email);
    const page = await admin.request(path);
    const tried = await member.request(`${path}/from`, {
      form: { ...formFields(page.body, `${path}/from`), from_name: 'X', from_address: 'x@harbourrooms.com' },
    });
    assert.equal(tried.status, 403);
  });
});
