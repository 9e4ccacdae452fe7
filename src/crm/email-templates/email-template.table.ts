/** The venue's e-mail templates (SPEC §17). The columns follow from its fields (email-template.value.ts). */
export type { EmailTemplateTable } from './email-template.value.js';
