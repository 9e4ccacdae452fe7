/** The columns of `accounts` follow from its fields (account.value.ts). */
import type { AccountTable } from './account.value.js';

export type { AccountTable };

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    accounts: AccountTable;
  }
}
