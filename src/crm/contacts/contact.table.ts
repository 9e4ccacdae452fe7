/** The columns of `contacts` follow from its fields (contact.value.ts). */
export type { ContactTable } from './contact.value.js';
