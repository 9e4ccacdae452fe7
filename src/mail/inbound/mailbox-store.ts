/**
 * Keeping the venue's mailbox (SPEC §17), inside the unit of work that changes the organization's
 * settings: a new or changed mailbox is read again from a clean state (connected, no error, no
 * refused logins); `null` removes it and where its folders were read up to.
 */
import { EventEmitter } from 'node:events';
import type { Db, Trx } from '../../db/database.js';
import { isoTime } from '../../clock.js';
import { enqueueJob } from '../../jobs/job.repository.js';
import { appSecret } from '../../db/app-secrets.js';
import type { FieldProblem } from '../../errors.js';
import {
  checkMailbox,
  MAILBOX_KEY,
  type MailboxInput,
  type MailboxSettings,
  mailboxView,
  type MailboxView,
  sealPassword,
} from './mailbox-settings.js';
import type { MailboxTable } from './mailbox.table.js';

/** Told when a mailbox is saved, so this process's reader watches it anew at once. */
export const mailboxSaved = new EventEmitter();

export const MAILBOX_READ_KIND = 'mailbox.read';

/**
 * A saved mailbox is read at once by whichever process runs the jobs (in a cluster, the primary,
 * not the worker that took the save): its reading is queued in the save's own unit of work.
 */
export async function readMailboxSoon(trx: Trx, organizationId: string, now: number): Promise<void> {
  await enqueueJob(trx, {
    kind: MAILBOX_READ_KIND,
    organizationId,
    payload: { organizationId },
    dueAt: now,
    now,
  });
}

export function mailboxOf(db: Db | Trx, organizationId: string): Promise<MailboxTable | undefined> {
  return db
    .selectFrom('mailboxes')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The organization's mailbox as the API shows it, or null when it has none. */
export async function mailboxViewOf(db: Db | Trx, organizationId: string): Promise<MailboxView | null> {
  const row = await mailboxOf(db, organizationId);
  return row ? mailboxView(row) : null;
}

export interface MailboxChange {
  /** null removes the mailbox. */
  settings: MailboxSettings | null;
  problems: readonly FieldProblem[];
}

/** What `input` makes of the organization's mailbox, with every problem. */
export async function mailboxChange(
  trx: Trx,
  organizationId: string,
  input: MailboxInput | null,
  allowPlain: boolean,
): Promise<MailboxChange> {
  if (input === null) return { settings: null, problems: [] };
  const current = await mailboxOf(trx, organizationId);
  const checked = checkMailbox(input, current, allowPlain);
  return { settings: checked.value, problems: checked.problems };
}

/** Saves the change; answers whether anything differs from what was kept. */
export async function saveMailbox(
  trx: Trx,
  organizationId: string,
  settings: MailboxSettings | null,
  now: number,
): Promise<boolean> {
  const current = await mailboxOf(trx, organizationId);
  if (settings === null) {
    if (!current) return false;
    await trx.deleteFrom('mailbox_folders').where('organization_id', '=', organizationId).execute();
    await trx.deleteFrom('mailboxes').where('organization_id', '=', organizationId).execute();
    return true;
  }
  const columns = {
    host: settings.host,
    port: settings.port,
    tls: settings.tls,
    username: settings.username,
    folders: JSON.stringify(settings.folders),
    address: settings.address,
    plus_addressing: settings.plus_addressing ? 1 : 0,
  };
  const same =
    current !== undefined &&
    settings.password === undefined &&
    (Object.keys(columns) as Array<keyof typeof columns>).every((k) => current[k] === columns[k]);
  if (same) return false;
  const sealed =
    settings.password === undefined
      ? current!.password_sealed
      : sealPassword(await appSecret(trx, MAILBOX_KEY, now), organizationId, settings.password);
  const fresh = {
    state: 'connected' as const,
    last_error: null,
    refused_logins: 0,
    updated_at: isoTime(now),
  };
  if (current) {
    await trx
      .updateTable('mailboxes')
      .set({ ...columns, ...fresh, password_sealed: sealed })
      .where('organization_id', '=', organizationId)
      .execute();
    if (current.host !== settings.host || current.username !== settings.username) {
      // Another mailbox: its folders are read from their start (Message-IDs keep filing once).
      await trx.deleteFrom('mailbox_folders').where('organization_id', '=', organizationId).execute();
    }
  } else {
    await trx
      .insertInto('mailboxes')
      .values({
        organization_id: organizationId,
        ...columns,
        ...fresh,
        password_sealed: sealed,
        read_at: null,
        created_at: isoTime(now),
      })
      .execute();
  }
  return true;
}
