/**
 * New mail within seconds (SPEC §17: IDLE where the server offers it, else the minute's round):
 * one connection per connected mailbox stays open on its first folder, idling, and tells the
 * reader when the server says a message arrived. A watcher whose mailbox's settings changed
 * (its host, credentials, folders…), or that was paused or removed, is closed and opened anew
 * with what the row now says. One that could not be opened is tried again when its settings
 * change, and at each round; one the server dropped, at the next keeping.
 */
import type { ImapFlow } from 'imapflow';
import type { MailboxTable } from './mailbox.table.js';
import { foldersOf } from './mailbox.codec.js';

interface Watcher {
  client: ImapFlow;
  /** The mailbox's settings when it was opened: other ones are watched anew. */
  version: string;
}

/**
 * What a watcher was opened with. Not `updated_at`, which two saves within a millisecond (or of
 * a clock standing still) share: the settings themselves, the sealed password included.
 */
const versionOf = (m: MailboxTable): string =>
  JSON.stringify([m.host, m.port, m.tls, m.username, m.password_sealed, m.folders, m.updated_at]);

export class MailboxWatchers {
  readonly #watching = new Map<string, Watcher>();
  /** The settings a watcher could not be opened with, by organization. */
  readonly #failed = new Map<string, string>();
  readonly #open: (mailbox: MailboxTable) => Promise<ImapFlow>;
  readonly #arrived: (organizationId: string) => void;

  constructor(open: (mailbox: MailboxTable) => Promise<ImapFlow>, arrived: (organizationId: string) => void) {
    this.#open = open;
    this.#arrived = arrived;
  }

  /**
   * Watches exactly the connected mailboxes among these; `retry: false` leaves alone one that
   * could not be opened with the settings it still has (no login again and again between rounds).
   */
  async keep(mailboxes: readonly MailboxTable[], { retry = true } = {}): Promise<void> {
    const wanted = new Map(
      mailboxes.filter((m) => m.state === 'connected').map((m) => [m.organization_id, m]),
    );
    for (const [organizationId, watcher] of this.#watching) {
      const mailbox = wanted.get(organizationId);
      if (!mailbox || versionOf(mailbox) !== watcher.version) await this.#close(organizationId);
    }
    for (const [organizationId, mailbox] of wanted) {
      if (this.#watching.has(organizationId)) continue;
      const version = versionOf(mailbox);
      if (!retry && this.#failed.get(organizationId) === version) continue;
      this.#failed.delete(organizationId);
      let client: ImapFlow | undefined;
      try {
        client = await this.#open(mailbox);
        const [first] = foldersOf(mailbox);
        await client.mailboxOpen(first ?? 'INBOX', { readOnly: true });
      } catch {
        // The round reads it and keeps the server's words; the next round tries to watch again.
        await client?.logout().catch(() => client?.close());
        this.#failed.set(organizationId, version);
        continue;
      }
      const watched = client;
      watched.on('exists', () => this.#arrived(organizationId));
      watched.on('close', () => {
        if (this.#watching.get(organizationId)?.client === watched) this.#watching.delete(organizationId);
      });
      this.#watching.set(organizationId, { client: watched, version });
    }
  }

  /** How many mailboxes are watched. */
  get size(): number {
    return this.#watching.size;
  }

  async closeAll(): Promise<void> {
    for (const organizationId of [...this.#watching.keys()]) await this.#close(organizationId);
  }

  async #close(organizationId: string): Promise<void> {
    const watcher = this.#watching.get(organizationId);
    this.#watching.delete(organizationId);
    await watcher?.client.logout().catch(() => watcher.client.close());
  }
}
