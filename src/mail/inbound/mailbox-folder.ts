/**
 * Reading one folder of a venue's mailbox (SPEC §17) from where it was left: its UIDVALIDITY and
 * last UID, in batches, each message filed through the mailbox's door (src/crm/messages) and the
 * folder's place kept after each batch. A new UIDVALIDITY reads the folder again (Message-IDs file
 * once).
 */
import type { ImapFlow } from 'imapflow';
import type { Db } from '../../db/database.js';
import { mailboxActor } from '../../policy/actor.js';
import type { Writer } from '../../writes/unit-of-work.js';
import { write } from '../../writes/unit-of-work.js';
import { receiveMessage } from '../../crm/messages/index.js';
import { readMail } from './mail-parsing.js';
import type { MailboxTable } from './mailbox.table.js';

/** What one reading of a mailbox came to. */
export interface ReadOutcome {
  filed: number;
  seen: number;
  error?: string;
}

/** Messages fetched and filed at a time. */
const BATCH = 50;

export async function readFolder(
  { db, writer }: { db: Db; writer: Writer },
  client: ImapFlow,
  mailbox: MailboxTable,
  folder: string,
  outcome: ReadOutcome,
): Promise<void> {
  const organizationId = mailbox.organization_id;
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const opened = client.mailbox;
    const validity = opened ? String(opened.uidValidity) : '0';
    const place = await db
      .selectFrom('mailbox_folders')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('folder', '=', folder)
      .executeTakeFirst();
    // A new UIDVALIDITY numbers the folder anew: read it again (Message-IDs file once).
    let last = place && place.uid_validity === validity ? Number(place.last_uid) : 0;
    const found = await client.search({ uid: `${last + 1}:*` }, { uid: true });
    const uids = (found || []).filter((uid) => uid > last).sort((a, b) => a - b);
    for (let start = 0; start < uids.length; start += BATCH) {
      const batch = uids.slice(start, start + BATCH);
      const sources: Buffer[] = [];
      for await (const message of client.fetch(batch.join(','), { uid: true, source: true }, { uid: true })) {
        if (message.source) sources.push(message.source);
      }
      for (const source of sources) {
        outcome.seen += 1;
        const mail = await readMail(source);
        const filed = await write(writer, mailboxActor(organizationId), receiveMessage, {
          mail,
          mailboxAddress: mailbox.address,
        });
        if (filed) outcome.filed += 1;
      }
      last = batch[batch.length - 1]!;
      await db
        .insertInto('mailbox_folders')
        .values({ organization_id: organizationId, folder, uid_validity: validity, last_uid: last })
        .onConflict((oc) =>
          oc.columns(['organization_id', 'folder']).doUpdateSet({ uid_validity: validity, last_uid: last }),
        )
        .execute();
    }
  } finally {
    lock.release();
  }
}
