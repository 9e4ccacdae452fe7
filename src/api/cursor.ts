/** The list cursors live in the data layer (src/crm/data/cursor.ts); the workspace's pages still import them here. */
export { type Cursor, CursorCodec, listFingerprint } from '../crm/data/cursor.js';
