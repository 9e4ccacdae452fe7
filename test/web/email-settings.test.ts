/**
 * Settings → E-mail (SPEC §17) over real HTTP, signed in, against a real IMAP server (Dovecot,
 * test/helpers/dovecot.ts): an admin saves the venue's mailbox through its form and reading starts
 * at once; the page says its state, when it was last read in the venue's locale and the
 * conversation address; the password is never in a page or a log line; bad fields are shown beside
 * each at once; a save over a newer change is a 412 that keeps what was typed; the connection
 * check logs in now and says what it found, or the server's own words; the mailbox is removed
 * after a confirmation; members are refused and not linked to it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import { mailboxSaved } from '../../src/mail/inbound/mailbox-store.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession, PageResponse } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { weekdayAt } from '../helpers/test-clock.js';
import {
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const PASSWORD = 'imap-pass-7c21';
const WRONG = 'not-the-imap-pass-93';
const VENUE = 'events@harbour.example';

/** The words of the page's notices and alerts, tags taken out. */
function said(body: string): string {
  return [...body.matchAll(/<(?:p class="notice"|div class="warning")[^>]*>([\s\S]*?)<\/(?:p|div)>/g)]
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .join(' | ');
}

/** What the status card says under a heading of its facts. */
function fact(body: string, term: string): string {
  const found = new RegExp(`<dt>${term}</dt><dd>([\\s\\S]*?)</dd>`).exec(body)?.[1];
  assert.ok(found !== undefined, `the page says ${term}`);
  return found
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

eachDatabase((suite) => {
  let server: TestServer;
  let dovecot: TestDovecot | undefined;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };
  let reader: MailboxReader;
  /** Every page this file was shown, to be searched for the password. */
  const pages: string[] = [];

  before(async () => {
    dovecot = await startDovecot();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'debug',
    });
    // Tuesday 3 June 2031, 14:00 UTC (15:00 in London): the day the page's times are read in.
    server.clock.setTo(weekdayAt(2, '14:00'));
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    reader = new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
    });
  });
  after(async () => {
    await server?.close();
    await dovecot?.stop();
  });

  async function open(path: string, form?: Record<string, string>): Promise<PageResponse> {
    const response = await admin.session.request(path, form ? { form } : {});
    pages.push(response.body);
    return response;
  }

  /** Posts the mailbox form as shown on `page`, with `fields` over the usual ones. */
  function saveMailbox(page: string, fields: Record<string, string>) {
    return open(`${o}/settings/email`, {
      _csrf: admin.csrf,
      version: versionIn(page),
      host: dovecot!.host,
      port: String(dovecot!.port),
      tls: 'none',
      user: 'venue',
      password: '',
      folders: 'INBOX',
      address: VENUE,
      plus_addressing: 'yes',
      ...fields,
    });
  }

  it('lets only administrators open and post Settings → E-mail, and links it for them alone', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await member.session.request(`${o}/settings/email`);
    assert.equal(page.status, 403);
    assert.match(page.body, /Administrators only/);
    const version = versionIn((await open(`${o}/settings/email`)).body);
    const form = { _csrf: member.csrf, version, host: 'imap.taken.example', user: 'x', password: 'y' };
    for (const path of ['', '/check', '/remove']) {
      const posted = await member.session.request(`${o}/settings/email${path}`, { form });
      assert.equal(posted.status, 403, `a member posting ${path || 'the form'} is refused`);
    }
    assert.equal((await member.session.request(`${o}/settings/email/remove`)).status, 403);
    assert.equal(await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirst(), undefined);
    const theirs = await member.session.request(`${o}/settings/catalogue`);
    assert.ok(!theirs.body.includes(`href="${o}/settings/email"`), 'no link for a member');
    const mine = await open(`${o}/settings/team`);
    assert.ok(mine.body.includes(`href="${o}/settings/email"`), 'the admin’s settings link it');
  });

  it('shows a bad host and a bad port beside their fields at once, keeping what was typed but the password', async () => {
    const page = await open(`${o}/settings/email`);
    assert.equal(page.status, 200);
    assert.match(page.body, /No mailbox is connected/);
    assert.match(page.body, /name="folders"[^>]*>INBOX<\/textarea>/, 'INBOX is read by default');
    const refused = await saveMailbox(page.body, { host: 'not a host', port: '70000', password: PASSWORD });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'host'), /"not a host" is not a host name/);
    assert.match(fieldError(refused.body, 'port'), /A port is a whole number from 1 to 65535/);
    assert.match(refused.body, /name="host" type="text" value="not a host"/);
    assert.match(refused.body, /name="port" type="text" value="70000"/);
    assert.match(refused.body, /name="password" type="password" value=""/);
    assert.match(refused.body, /The password you typed is not sent back to the page: type it again/);
    // Without a password, a new mailbox needs one, said beside its field too.
    const none = await saveMailbox(page.body, { host: '', user: '' });
    assert.equal(none.status, 422);
    for (const field of ['host', 'user', 'password']) assert.ok(fieldError(none.body, field));
    assert.equal(await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirst(), undefined);
  });

  it('saves the mailbox, reads it at once, and says its state, when it was read and the conversation address', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    await dovecot.append(
      [
        'From: Amelia Hart <amelia@client.example>',
        `To: ${VENUE}`,
        'Subject: Menu tasting',
        'Date: Tue, 03 Jun 2031 09:00:00 +0000',
        'Message-ID: <tasting-1@client.example>',
        '',
        'Could we taste the menu on a Saturday?',
        '',
      ].join('\r\n'),
    );
    const page = await open(`${o}/settings/email`);
    let told = 0;
    const listen = () => (told += 1);
    mailboxSaved.on('saved', listen);
    const saved = await saveMailbox(page.body, { password: PASSWORD, folders: 'INBOX,\nSent' });
    mailboxSaved.off('saved', listen);
    assert.equal(saved.status, 303, saved.body);
    assert.equal(saved.location, `${server.url}${o}/settings/email?notice=saved`);
    assert.equal(told, 1, 'the readers are woken to read it at once');

    let shown = await open(saved.location!);
    assert.match(said(shown.body), /Mailbox saved: Marquee reads it now\./);
    assert.match(fact(shown.body, 'State'), /^Not read yet/);
    assert.equal(fact(shown.body, 'Last read'), 'Not yet');
    assert.match(shown.body, /name="password" type="password" value=""/);
    assert.match(shown.body, /A password is saved; it is never shown\. Leave this empty to keep it/);
    assert.match(shown.body, /name="folders"[^>]*>INBOX, Sent<\/textarea>/);

    // Read at 14:05 UTC: 15:05 in London, written as the venue's locale writes it.
    server.clock.stopAt(weekdayAt(2, '14:05'));
    assert.deepEqual(await reader.readOne(venue.orgId), { filed: 1, seen: 1 });
    server.clock.release();
    shown = await open(`${o}/settings/email`);
    assert.match(fact(shown.body, 'State'), /^Connected Marquee reads it every minute\./);
    assert.equal(fact(shown.body, 'Last read'), 'Tue 3 Jun 2031, 15:05');
    assert.match(
      fact(shown.body, 'Replies'),
      /^To each booking’s own address, such as events\+bk-00238-…@harbour\.example for BK-00238/,
    );
    assert.doesNotMatch(shown.body, /<dt>Server said<\/dt>/, 'no error while it reads');
    await suite.db
      .updateTable('organizations')
      .set({ locale: 'en-US' })
      .where('id', '=', venue.orgId)
      .execute();
    shown = await open(`${o}/settings/email`);
    assert.equal(fact(shown.body, 'Last read'), 'Tue, Jun 3, 2031, 3:05 PM');
    await suite.db.updateTable('organizations').set({ locale: null }).where('id', '=', venue.orgId).execute();

    // Saved again with the password left empty: the saved one is kept, and plus tags can be turned off.
    const again = await saveMailbox(shown.body, { folders: 'INBOX\nSent', plus_addressing: '' });
    assert.equal(again.status, 303, again.body);
    shown = await open(`${o}/settings/email`);
    assert.match(
      fact(shown.body, 'Replies'),
      /^To events@harbour\.example; each reply is filed by its thread/,
    );
    assert.equal((await reader.readOne(venue.orgId)).error, undefined, 'the kept password still logs in');
  });

  it('checks the connection now: what each folder holds, or the server’s own words', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    let page = await open(`${o}/settings/email`);
    const checked = await open(`${o}/settings/email/check`, { _csrf: admin.csrf });
    assert.equal(checked.status, 303);
    assert.equal(checked.location, `${server.url}${o}/settings/email`);
    page = await open(checked.location!);
    assert.equal(said(page.body), 'Connected: INBOX has 1 message, Sent has 0 messages.');
    page = await open(`${o}/settings/email`);
    assert.equal(said(page.body), '', 'the outcome is shown once');

    const wrong = await saveMailbox(page.body, { folders: 'INBOX', password: WRONG });
    assert.equal(wrong.status, 303, wrong.body);
    await open(`${o}/settings/email/check`, { _csrf: admin.csrf });
    page = await open(`${o}/settings/email`);
    assert.match(said(page.body), /^The connection check failed\. Authentication failed\.?$/);

    // What the reader then finds is said by the page in the server's words too.
    assert.match((await reader.readOne(venue.orgId)).error ?? '', /Authentication failed/);
    page = await open(`${o}/settings/email`);
    assert.match(fact(page.body, 'State'), /^Failing/);
    assert.match(fact(page.body, 'Server said'), /^Authentication failed/);

    const fixed = await saveMailbox(page.body, { folders: 'INBOX', password: PASSWORD });
    assert.equal(fixed.status, 303, fixed.body);
    await open(`${o}/settings/email/check`, { _csrf: admin.csrf });
    page = await open(`${o}/settings/email`);
    assert.equal(said(page.body), 'Connected: INBOX has 1 message.');
  });

  it('answers a save over a newer change with 412, keeping what was typed', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const first = await open(`${o}/settings/email`);
    const other = await open(`${o}/settings/email`);
    assert.equal((await saveMailbox(first.body, { folders: 'INBOX\nSent' })).status, 303);
    const stale = await saveMailbox(other.body, { folders: 'Archive', user: 'other' });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /<li>Folders: INBOX, Sent<\/li>/);
    assert.match(stale.body, /name="user" type="text" value="other"/, 'what was typed stays');
    const row = await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual([row.username, JSON.parse(row.folders)], ['venue', ['INBOX', 'Sent']]);
  });

  it('removes the mailbox after a confirmation', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const page = await open(`${o}/settings/email`);
    assert.match(page.body, new RegExp(`href="${o}/settings/email/remove"`));
    const confirm = await open(`${o}/settings/email/remove`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /<h1>Remove the mailbox events@harbour\.example\?<\/h1>/);
    assert.ok(
      await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirst(),
      'asking removes nothing',
    );
    const removed = await open(`${o}/settings/email/remove`, {
      _csrf: admin.csrf,
      version: versionIn(confirm.body),
    });
    assert.equal(removed.status, 303);
    assert.equal(removed.location, `${server.url}${o}/settings/email?notice=removed`);
    const shown = await open(removed.location!);
    assert.match(said(shown.body), /Mailbox removed: Marquee no longer reads it\./);
    assert.match(shown.body, /No mailbox is connected/);
    assert.equal(await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirst(), undefined);
    assert.equal((await open(`${o}/settings/email/remove`)).status, 404);
    assert.equal((await open(`${o}/settings/email/check`, { _csrf: admin.csrf })).status, 404);
  });

  it('never shows the password in a page or writes it in a log line', () => {
    assert.ok(pages.length > 20);
    for (const body of pages) {
      assert.ok(!body.includes(PASSWORD) && !body.includes(WRONG), 'a page shows a password');
    }
    for (const line of server.logs) {
      assert.ok(!line.includes(PASSWORD) && !line.includes(WRONG), line);
    }
  });
});

eachDatabase((suite) => {
  let server: TestServer;

  before(async () => {
    // Private networks not allowed: a mailbox is read over TLS, whatever the form is sent.
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
  });
  after(() => server?.close());

  it('offers no reading without TLS unless private networks are allowed, and refuses it beside Security', async () => {
    const venue = await makeWorkspaceVenue(suite.db);
    const o = `/orgs/${venue.orgId}`;
    const admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await admin.session.request(`${o}/settings/email`);
    assert.equal(page.status, 200);
    const security = /<select[^>]*name="tls"[^>]*>([\s\S]*?)<\/select>/.exec(page.body)?.[1] ?? '';
    assert.deepEqual(
      [...security.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]),
      ['implicit', 'starttls'],
    );
    const refused = await admin.session.request(`${o}/settings/email`, {
      form: {
        _csrf: admin.csrf,
        version: versionIn(page.body),
        host: 'imap.harbour.example',
        tls: 'none',
        user: VENUE,
        password: PASSWORD,
        folders: 'INBOX',
      },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'tls'), /its password must not cross the network in clear/);
    assert.equal(await suite.db.selectFrom('mailboxes').selectAll().executeTakeFirst(), undefined);
  });
});
