/** The key that signs page cursors: made on first use and shared by every process (src/security/app-secrets.ts). */
import type { Db } from '../db/database.js';
import { appSecret } from '../db/app-secrets.js';
import { CursorCodec } from '../crm/data/cursor.js';

export async function cursorCodec(db: Db, now: number): Promise<CursorCodec> {
  return new CursorCodec(Buffer.from(await appSecret(db, 'cursor-signing-key', now), 'base64url'));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the page cursors of the API scope. */
    cursors: CursorCodec;
  }
}
