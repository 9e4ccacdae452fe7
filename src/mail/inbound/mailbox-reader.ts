/**
 * Reads the venues' mailboxes (SPEC §17) with imapflow and parses each new message with
 * mailparser, filing it through the unit of work of the mailbox's door (src/crm/messages).
 * Each folder is read from where it was left (its UIDVALIDITY and last UID), in batches, so a
 * large first read holds neither memory nor the event loop. Reading is work of the one job
 * runner (src/mail/inbound/mailbox-jobs.ts): a round of every mailbox each minute, and a read at
 * once when a watched mailbox says a message arrived or a mailbox is saved; the watchers follow
 * a mailbox's settings at once when saved here, within WATCH_CHECK_MS when saved by another
 * process; filing once per
 * Message-ID makes a second process, or a folder read twice, harmless. A refused login is counted: the third in a row pauses the mailbox
 * and tells its admins; it is never retried in a tight loop. The server's own words are kept as
 * the mailbox's last error; the password is never logged.
 */
import type { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import { isoTime } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { systemActor } from '../../policy/actor.js';
import { enqueueJob, jobQueue } from '../../jobs/job.repository.js';
import { appSecret } from '../../db/app-secrets.js';
import type { Writer } from '../../writes/unit-of-work.js';
import { write } from '../../writes/unit-of-work.js';
import { readFolder, type ReadOutcome } from './mailbox-folder.js';

export type { ReadOutcome };
import { mailboxClient, mailboxHostProblem, refusedLogin, serverWords } from './mailbox-connection.js';
import { MAILBOX_KEY, openPassword } from './mailbox-settings.js';
import { noteMailboxState } from './mailbox-state.js';
import { MAILBOX_READ_KIND, mailboxSaved } from './mailbox-store.js';
import { MailboxWatchers } from './mailbox-watch.js';
import type { MailboxTable } from './mailbox.table.js';
import { foldersOf } from './mailbox.codec.js';

export interface MailboxReaderOptions {
  db: Db;
  writer: Writer;
  clock: Clock;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: a mailbox may be on a private network. */
  allowPrivateNetworks: boolean;
  /** Whether an SMTP server sends what the reading tells admins (a paused mailbox). */
  sending: boolean;
  /** How often the watchers are checked against the mailboxes' rows, changed by any process. */
  watchCheckMs?: number;
}

/** A mailbox changed by another process is watched anew within this (SPEC §17). */
export const WATCH_CHECK_MS = 5000;

/** The kind of job that reads the mailboxes at once: one organization's, or (none named) all. */
export { MAILBOX_READ_KIND };

export interface MailboxRead {
  organizationId?: string;
}

export class MailboxReader {
  readonly #options: MailboxReaderOptions;
  #stopped = false;

  constructor(options: MailboxReaderOptions) {
    this.#options = options;
  }

  readonly #readSoon = (organizationId?: string) => {
    if (this.#stopped) return;
    const now = this.#options.clock.now();
    const payload: MailboxRead = organizationId === undefined ? {} : { organizationId };
    enqueueJob(this.#options.db, { kind: MAILBOX_READ_KIND, payload, dueAt: now, now }).catch(
      (error: unknown) => this.#options.logger.warn({ err: error }, 'a mailbox read could not be queued'),
    );
  };
  /**
   * Saved through this process: watched anew at once, and its reading (queued by the save) taken
   * now that the save has committed.
   */
  readonly #saved = () => {
    jobQueue.emit('queued', this.#options.clock.now());
    this.keepWatching().catch(() => undefined);
  };
  readonly #watchers = new MailboxWatchers(async (mailbox) => {
    const client = await this.#client(mailbox, { idle: true });
    await client.connect();
    return client;
  }, this.#readSoon);
  /** Whether connected mailboxes are watched (IDLE) between rounds: once started. */
  #watch = false;
  #keeping: Promise<void> = Promise.resolve();
  #checking: NodeJS.Timeout | undefined;

  /** Watches the connected mailboxes of this process (IDLE), and reads a mailbox saved here at once. */
  start(): void {
    this.#watch = true;
    mailboxSaved.on('saved', this.#saved);
    this.keepWatching().catch((error: unknown) =>
      this.#options.logger.warn({ err: error }, 'the mailboxes could not be watched'),
    );
    // Saved by another process: its row says so at the next check (the round is a minute away).
    this.#checking = setInterval(
      () => void this.keepWatching({ retry: false }).catch(() => undefined),
      this.#options.watchCheckMs ?? WATCH_CHECK_MS,
    ).unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watch = false;
    mailboxSaved.off('saved', this.#saved);
    clearInterval(this.#checking);
    await this.#keeping;
    await this.#watchers.closeAll();
  }

  /** How many mailboxes this reader watches between rounds. */
  get watching(): number {
    return this.#watchers.size;
  }

  /** One round: every mailbox that is not paused, in turn; then the watchers follow what it found. */
  async readAll(): Promise<void> {
    const rows = await this.#options.db
      .selectFrom('mailboxes')
      .select('organization_id')
      .where('state', '<>', 'paused')
      .orderBy('organization_id')
      .execute();
    for (const row of rows) {
      if (this.#stopped) return;
      await this.readOne(row.organization_id);
    }
    await this.keepWatching();
  }

  /** Watches exactly the connected mailboxes (once started), one keeping at a time. */
  keepWatching(options: { retry?: boolean } = {}): Promise<void> {
    const kept = this.#keeping.then(async () => {
      if (!this.#watch || this.#stopped) return;
      const mailboxes = await this.#options.db.selectFrom('mailboxes').selectAll().execute();
      await this.#watchers.keep(mailboxes, options);
    });
    // Two at once would both open a watcher for a mailbox neither watched yet.
    this.#keeping = kept.catch(() => undefined);
    return kept;
  }

  /** A client of the mailbox, not yet connected; `idle` lets it idle while no command runs. */
  async #client(mailbox: MailboxTable, { idle }: { idle: boolean }): Promise<ImapFlow> {
    const { db, clock } = this.#options;
    const password = openPassword(
      await appSecret(db, MAILBOX_KEY, clock.now()),
      mailbox.organization_id,
      mailbox.password_sealed,
    );
    return mailboxClient({ ...mailbox, password }, { idle });
  }

  /** Reads one organization's mailbox through; says what it filed, or why it could not. */
  async readOne(organizationId: string): Promise<ReadOutcome> {
    const { db } = this.#options;
    const mailbox = await db
      .selectFrom('mailboxes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!mailbox || mailbox.state === 'paused') return { filed: 0, seen: 0 };
    const outcome: ReadOutcome = { filed: 0, seen: 0 };
    const refusedHost = await mailboxHostProblem(mailbox.host, this.#options.allowPrivateNetworks);
    if (refusedHost) {
      await this.#note(mailbox, { error: refusedHost, refusedLogin: false });
      return { ...outcome, error: refusedHost };
    }
    const client = await this.#client(mailbox, { idle: false });
    try {
      await client.connect();
    } catch (error) {
      const words = serverWords(error);
      await this.#note(mailbox, { error: words, refusedLogin: refusedLogin(error) });
      return { ...outcome, error: words };
    }
    try {
      for (const folder of foldersOf(mailbox)) {
        await readFolder(this.#options, client, mailbox, folder, outcome);
      }
      await this.#note(mailbox, { error: null, refusedLogin: false });
    } catch (error) {
      const words = serverWords(error);
      await this.#note(mailbox, { error: words, refusedLogin: false });
      outcome.error = words;
    } finally {
      await client.logout().catch(() => client.close());
    }
    return outcome;
  }

  async #note(mailbox: MailboxTable, facts: { error: string | null; refusedLogin: boolean }) {
    const { writer } = this.#options;
    await write(writer, systemActor(mailbox.organization_id), noteMailboxState, {
      error: facts.error,
      refusedLogin: facts.refusedLogin,
      readAt: facts.error === null ? isoTime(writer.clock.now()) : null,
      sending: this.#options.sending,
    });
  }
}
