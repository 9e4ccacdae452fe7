/**
 * A form token makes one inquiry (SPEC §14): the token of a taken inquiry is kept, as its SHA-256,
 * until it would have expired anyway (TOKEN_LIFETIME_MS after the form was served), so another
 * post with it is refused in whichever process it arrives. Expired ones are pruned as tokens are
 * used: the table holds about a day of inquiries.
 */
import { createHash } from 'node:crypto';
import { isoTime } from '../../clock.js';
import type { Db, Trx } from '../../db/database.js';
import { TOKEN_LIFETIME_MS } from './inquiry-guard.js';

export const TOKEN_USED = 'This form was already sent: load the page again to send another inquiry.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a token already made an inquiry (a form is told so before its fields are judged). */
export async function formTokenUsed(db: Db, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('inquiry_tokens_used')
    .select('token_hash')
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses the token in the inquiry's unit of work: false when it was used already (by a post that
 * committed first, here or in another process). Prunes the tokens expired by `now`.
 */
export async function useFormToken(
  trx: Trx,
  use: { token: string; organizationId: string; servedAt: number; now: number },
): Promise<boolean> {
  await trx.deleteFrom('inquiry_tokens_used').where('expires_at', '<=', isoTime(use.now)).execute();
  const inserted = await trx
    .insertInto('inquiry_tokens_used')
    .values({
      token_hash: hashOf(use.token),
      organization_id: use.organizationId,
      expires_at: isoTime(use.servedAt + TOKEN_LIFETIME_MS),
    })
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
