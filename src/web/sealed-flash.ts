/**
 * What a POST made and a page shows once (a new client secret, a proposal's new link) travels
 * from the POST to that page in a short-lived cookie, so the POST answers with a redirect (a
 * reload then cannot make, rotate or send again) and the value never appears in a URL or a log.
 * The cookie is encrypted and authenticated (AES-256-GCM, bound to its page) under a key of this
 * installation that every process shares, HttpOnly, scoped to that page, expires after five
 * minutes and is cleared by the page that shows it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TTL_MS = 5 * 60 * 1000;

export interface FlashKind {
  /** Names the key (a purpose of its own per kind) and the cookie. */
  purpose: string;
  cookie: string;
}

export class SealedFlashes<Flash extends object> {
  readonly #key: Buffer;

  constructor(
    installationSecret: string,
    private readonly kind: FlashKind,
    private readonly secureCookies: boolean,
  ) {
    this.#key = createHash('sha256').update(`${kind.purpose}:${installationSecret}`).digest();
  }

  /** Keeps `flash` for the next view of the page at `pagePath`. */
  give(reply: FastifyReply, pagePath: string, flash: Flash, now: number): void {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(pagePath));
    const plain = JSON.stringify({ flash, expires: now + TTL_MS });
    const sealed = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    reply.setCookie(this.kind.cookie, sealed.toString('base64url'), this.#options(pagePath, TTL_MS / 1000));
  }

  /** What waits for the page at `pagePath`, once; the cookie is cleared either way. */
  take(request: FastifyRequest, reply: FastifyReply, pagePath: string, now: number): Flash | undefined {
    const value = request.cookies[this.kind.cookie];
    if (value === undefined) return undefined;
    reply.clearCookie(this.kind.cookie, this.#options(pagePath));
    const sealed = Buffer.from(value, 'base64url');
    if (sealed.length < 12 + 16 + 2) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(0, 12))
        .setAAD(Buffer.from(pagePath))
        .setAuthTag(sealed.subarray(sealed.length - 16));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(12, sealed.length - 16)),
        decipher.final(),
      ]);
      const kept = JSON.parse(plain.toString('utf8')) as { flash: Flash; expires: number };
      return kept.expires > now ? kept.flash : undefined;
    } catch {
      // Another page's, tampered with, or sealed under another key: nothing to show.
      return undefined;
    }
  }

  #options(pagePath: string, maxAge?: number) {
    return {
      path: pagePath,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.secureCookies,
      ...(maxAge === undefined ? {} : { maxAge }),
    };
  }
}
