/**
 * What a mailbox's settings keep in a form of the database's: the folders it reads, a JSON array
 * of names in `folders`, and whether replies go to each booking's own address, 1 or 0 in
 * `plus_addressing`. Decoded here for the readers of the settings (their view for the API,
 * Settings → Email, the reader, a conversation's reply address).
 */
import type { MailboxTable } from './mailbox.table.js';

/** The folders a mailbox reads, in the order given. */
export const foldersOf = (row: Pick<MailboxTable, 'folders'>): string[] =>
  JSON.parse(row.folders) as string[];

/** Whether replies go to each booking's own address (`<local>+<booking>@…`). */
export const plusAddressingOf = (row: Pick<MailboxTable, 'plus_addressing'>): boolean =>
  Number(row.plus_addressing) === 1;
