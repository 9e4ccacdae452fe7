/**
 * Retrying a refresh within the grace window (RFC 9700 §4.14.2 with the lost-response case in
 * mind): the pair a refresh token's one use issued is kept on that token's row, sealed with
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the refresh token itself. Only the 256-bit
 * token opens it, and the database stores nothing but its hash, so the row is unreadable at rest.
 * The pair is returned again only while it is still the family's live pair.
 */
import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import type { Db, Trx } from '../db/database.js';
import { secureRandomBytes } from '../security/random.js';
import type { TokenResponse } from './token-issuer.js';
import { findPresentedToken, isTokenLive } from './token.repository.js';

const VERSION = 'v1';
const INFO = 'marquee refresh replay v1';

function keyFor(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, Buffer.alloc(0), INFO, 32));
}

/** Seals `pair` for the refresh token whose use issued it; the row id binds it to that row. */
export function sealPair(refreshToken: string, tokenId: string, pair: TokenResponse): string {
  const iv = secureRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken), iv);
  cipher.setAAD(Buffer.from(tokenId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed pair, or undefined when it is not one this token opens. */
export function openPair(refreshToken: string, tokenId: string, sealed: string): TokenResponse | undefined {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(tokenId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as TokenResponse;
  } catch {
    return undefined;
  }
}

export async function keepReplay(trx: Trx, tokenId: string, sealed: string): Promise<void> {
  await trx.updateTable('oauth_tokens').set({ rotation_replay: sealed }).where('id', '=', tokenId).execute();
}

export async function findReplay(db: Db, tokenId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_tokens')
    .select('rotation_replay')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return row?.rotation_replay ?? undefined;
}

/** Forgets the kept pairs of a grant (its older rotations, or all of them when it is revoked). */
export async function dropReplays(db: Db | Trx, grantId: string): Promise<void> {
  await db
    .updateTable('oauth_tokens')
    .set({ rotation_replay: null })
    .where('grant_id', '=', grantId)
    .where('rotation_replay', 'is not', null)
    .execute();
}

/** Forgets every pair whose grace window closed before `before` (run with the prune). */
export async function dropClosedReplays(db: Db, before: string): Promise<number> {
  const result = await db
    .updateTable('oauth_tokens')
    .set({ rotation_replay: null })
    .where('rotation_replay', 'is not', null)
    .where('rotated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the kept pair is still the one live pair of its family: its refresh token unused and live. */
export async function pairIsLive(db: Db, pair: TokenResponse, now: string): Promise<boolean> {
  if (!pair.refresh_token) return false;
  const refresh = await findPresentedToken(db, pair.refresh_token);
  return refresh !== undefined && refresh.rotatedAt === null && isTokenLive(refresh, now);
}
