/** The columns of `accounts` follow from its fields (account.value.ts). */
export type { AccountTable } from './account.value.js';
