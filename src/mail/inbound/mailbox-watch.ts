/**
 * New mail within seconds (SPEC §17: IDLE where the server offers it, else the minute's round):
 * one connection per connected mailbox stays open on its first folder, idling, and tells the
 * reader when the server says a message arrived. A watcher whose mailbox was saved again, paused
 * or removed is closed; one the server dropped is opened again at the next round.
 */
import type { ImapFlow } from 'imapflow';
import type { MailboxTable } from './mailbox.table.js';

interface Watcher {
  client: ImapFlow;
  /** The mailbox's version when it was opened: a newer one is watched anew. */
  version: string;
}

export class MailboxWatchers {
  readonly #watching = new Map<string, Watcher>();
  readonly #open: (mailbox: MailboxTable) => Promise<ImapFlow>;
  readonly #arrived: (organizationId: string) => void;

  constructor(open: (mailbox: MailboxTable) => Promise<ImapFlow>, arrived: (organizationId: string) => void) {
    this.#open = open;
    this.#arrived = arrived;
  }

  /** Watches exactly the connected mailboxes among these. */
  async keep(mailboxes: readonly MailboxTable[]): Promise<void> {
    const wanted = new Map(
      mailboxes.filter((m) => m.state === 'connected').map((m) => [m.organization_id, m]),
    );
    for (const [organizationId, watcher] of this.#watching) {
      if (wanted.get(organizationId)?.updated_at !== watcher.version) await this.#close(organizationId);
    }
    for (const [organizationId, mailbox] of wanted) {
      if (this.#watching.has(organizationId)) continue;
      let client: ImapFlow | undefined;
      try {
        client = await this.#open(mailbox);
        const [first] = JSON.parse(mailbox.folders) as string[];
        await client.mailboxOpen(first ?? 'INBOX', { readOnly: true });
      } catch {
        // The round reads it and keeps the server's words; the next round tries to watch again.
        await client?.logout().catch(() => client?.close());
        continue;
      }
      const watched = client;
      watched.on('exists', () => this.#arrived(organizationId));
      watched.on('close', () => {
        if (this.#watching.get(organizationId)?.client === watched) this.#watching.delete(organizationId);
      });
      this.#watching.set(organizationId, { client: watched, version: mailbox.updated_at });
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
