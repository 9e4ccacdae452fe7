/** The venue's e-mail templates (SPEC §17). The columns follow from its fields (email-template.value.ts). */
import type { EmailTemplateTable } from './email-template.value.js';

export type { EmailTemplateTable };

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    email_templates: EmailTemplateTable;
  }
}
