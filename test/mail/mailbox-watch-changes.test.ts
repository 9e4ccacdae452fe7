/**
 * A watched mailbox (IMAP IDLE, SPEC §17) follows its settings wherever they change: saved through
 * this process, the watcher is opened anew at once; changed by another process on the same
 * database (new credentials, paused, connected again), it is within the reader's short check of
 * the mailboxes' rows, not at the minute's round. Against a real IMAP server (Dovecot).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MailboxReader } from '../../src/mail/inbound/mailbox-reader.js';
import type { MailboxSettings } from '../../src/mail/inbound/mailbox-settings.js';
import { saveMailbox } from '../../src/mail/inbound/mailbox-store.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { startDovecot, type TestDovecot } from '../helpers/dovecot.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument } from '../helpers/writes.js';

/** Bounded polling: what the reader does in its own time, looked at every 20 ms for up to 30 s. */
async function until(holds: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500; i += 1) {
    if (holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`${what}: not within 30 s`);
}

eachDatabase((suite) => {
  let dovecot: TestDovecot | undefined;
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let settings: MailboxSettings;

  before(async () => {
    dovecot = await startDovecot();
    server = await startTestServer(suite.database, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    if (!dovecot) return;
    settings = {
      host: dovecot.host,
      port: dovecot.port,
      tls: 'none',
      username: dovecot.users[0]!.user,
      password: dovecot.users[0]!.password,
      folders: ['INBOX'],
      address: 'events@harbour.example',
      plus_addressing: true,
    };
    await byAnotherProcess(settings);
  });
  after(async () => {
    await server?.close();
    await dovecot?.stop();
  });

  /** What another process saving the mailbox leaves: its row changed, no word to this one. */
  const byAnotherProcess = (changed: MailboxSettings) =>
    suite.db.transaction().execute((trx) => saveMailbox(trx, venue.orgId, changed, server.clock.now()));
  const readerChecking = (watchCheckMs: number) =>
    new MailboxReader({
      db: server.app.ctx.db,
      writer: server.app.ctx.writer,
      clock: server.clock,
      logger: server.app.log as never,
      allowPrivateNetworks: true,
      sending: false,
      watchCheckMs,
    });

  it('follows a mailbox changed by another process at its short check: new credentials, paused, connected again', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    const reader = readerChecking(50);
    reader.start();
    try {
      await until(() => reader.watching === 1, 'the mailbox is watched');
      // The injected clock stands still: the row's updated_at is the same; its settings are not.
      await byAnotherProcess({ ...settings, password: 'not-the-password' });
      await until(() => reader.watching === 0, 'the watcher with the old password is closed');
      await byAnotherProcess({
        ...settings,
        username: dovecot.users[1]!.user,
        password: dovecot.users[1]!.password,
      });
      await until(() => reader.watching === 1, 'the mailbox is watched with the new credentials');
      await suite.db.updateTable('mailboxes').set({ state: 'paused' }).execute();
      await until(() => reader.watching === 0, 'a paused mailbox is not watched');
      await byAnotherProcess(settings);
      await until(() => reader.watching === 1, 'saved again, it is watched again');
    } finally {
      await reader.stop();
    }
    assert.equal(reader.watching, 0);
  });

  it('follows a mailbox saved through this process at once, without waiting for a check', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    // A check an hour away: only the word of the save itself can move the watcher.
    const reader = readerChecking(3_600_000);
    reader.start();
    try {
      await until(() => reader.watching === 1, 'the mailbox is watched');
      const current = await admin('/v2/organization');
      const saved = await admin('/v2/organization', {
        method: 'PATCH',
        body: changeDocument('organizations', venue.orgId, { mailbox: { password: 'not-the-password' } }),
        headers: { 'if-match': String(current.headers.get('etag')) },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      await until(() => reader.watching === 0, 'the watcher with the old password is closed');
    } finally {
      await reader.stop();
    }
  });

  it('queues the mailbox’s reading in the save’s own unit of work, for whichever process runs the jobs', async (t) => {
    if (!dovecot) return t.skip('Dovecot is not available');
    // No reader in this process, as in a cluster's worker: the queued job is the only word.
    const queued = () =>
      suite.db
        .selectFrom('jobs')
        .select(['payload', 'state'])
        .where('kind', '=', 'mailbox.read')
        .where('organization_id', '=', venue.orgId)
        .execute();
    await suite.db.deleteFrom('jobs').where('kind', '=', 'mailbox.read').execute();
    const current = await admin('/v2/organization');
    const saved = await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { mailbox: { folders: ['INBOX', 'Sent'] } }),
      headers: { 'if-match': String(current.headers.get('etag')) },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const jobs = await queued();
    assert.equal(jobs.length, 1, JSON.stringify(jobs));
    assert.equal(jobs[0]!.state, 'pending');
    assert.deepEqual(JSON.parse(String(jobs[0]!.payload)), { organizationId: venue.orgId });
    // A save that changes nothing queues nothing more.
    const again = await admin('/v2/organization');
    const same = await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { mailbox: { folders: ['INBOX', 'Sent'] } }),
      headers: { 'if-match': String(again.headers.get('etag')) },
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    assert.equal((await queued()).length, 1);
  });
});
