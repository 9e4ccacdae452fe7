/** The columns of `contacts` follow from its fields (contact.value.ts). */
import type { ContactTable } from './contact.value.js';

export type { ContactTable };

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    contacts: ContactTable;
  }
}
