/**
 * The inquiry form's defences against spam (SPEC §14), each refusal in words:
 * - a signed token carrying when the form was served: a post sooner than 3 s after (faster than
 *   a person types) or a day later, or with a token not ours, is refused; a token makes one
 *   inquiry (inquiry-tokens.ts);
 * - a honeypot field, hidden from people, which a bot fills in;
 * - per address, at most a few posts in a while (kept in this process: a throttle, not a ledger);
 * - sizes: the body (the route's limit) and each field (../leads/lead-rules.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';

export const MIN_FILL_MS = 3_000;
export const TOKEN_LIFETIME_MS = 86_400_000;
export const HONEYPOT = 'website';
export const THROTTLE = { posts: 5, windowMs: 10 * 60_000 };

const sign = (secret: string, organizationId: string, servedAt: string, nonce: string) =>
  createHmac('sha256', secret).update(`inquiry.${organizationId}.${servedAt}.${nonce}`).digest('base64url');

/**
 * The token a served form carries: when it was served, a random part of its own (two forms served
 * in the same millisecond are two forms, each making its one inquiry) and the signature of both.
 */
export function formToken(secret: string, organizationId: string, servedAt: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${servedAt}.${nonce}.${sign(secret, organizationId, String(servedAt), nonce)}`;
}

/** When the form a token came with was served (ms); NaN for a token not of that shape. */
export function servedAtOf(token: string): number {
  const at = token.split('.')[0] ?? '';
  return /^\d{1,15}$/.test(at) ? Number(at) : Number.NaN;
}

/** Why a token is refused, in words; undefined when it passes. */
export function tokenProblem(
  secret: string,
  organizationId: string,
  token: string,
  now: number,
): string | undefined {
  const [at = '', nonce = '', signature = '', ...rest] = token.split('.');
  const servedAt = Number(at);
  const expected = Buffer.from(sign(secret, organizationId, at, nonce));
  const given = Buffer.from(signature);
  if (
    rest.length > 0 ||
    !/^\d{1,15}$/.test(at) ||
    !/^[A-Za-z0-9_-]{16}$/.test(nonce) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    return 'This form could not be checked: load the page again and send it from there.';
  if (now - servedAt < MIN_FILL_MS)
    return 'This form was sent too quickly after it was opened; take a moment and send it again.';
  if (now - servedAt > TOKEN_LIFETIME_MS)
    return 'This form was opened more than a day ago: load the page again and send it from there.';
  return undefined;
}

/** Posts per address in a sliding window, on the server's clock. */
export class InquiryThrottle {
  readonly #posts = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  /** Counts a post from `key`; false when it is one too many. */
  admit(key: string): boolean {
    const now = this.clock.now();
    const recent = (this.#posts.get(key) ?? []).filter((t) => now - t < THROTTLE.windowMs);
    if (this.#posts.size > 10_000) this.#posts.clear();
    if (recent.length >= THROTTLE.posts) {
      this.#posts.set(key, recent);
      return false;
    }
    this.#posts.set(key, [...recent, now]);
    return true;
  }
}
