/** Keyset paging lives in the data layer (src/crm/data/keyset-page.ts); the workspace's pages still import it here. */
export { type KeysetPage, keysetPage, type PageRequest } from '../crm/data/keyset-page.js';
