/**
 * A new client secret travels from the POST that made it to the page that shows it once in a
 * short-lived cookie, so that POST can answer with a redirect (a reload then cannot create a
 * second integration or rotate again) and the secret never appears in a URL or a log. The cookie
 * is encrypted and authenticated (AES-256-GCM, bound to the integration) under a key of this
 * installation that every process shares, HttpOnly, scoped to that integration's page, expires
 * after five minutes and is cleared by the page that shows it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'marquee_new_secret';
const TTL_MS = 5 * 60 * 1000;

export interface SecretFlash {
  secret: string;
  /** A rotation (the previous secret stopped working) rather than a creation. */
  rotated: boolean;
}

const pagePath = (integrationId: string) => `/settings/integrations/${integrationId}`;

export class SecretFlashes {
  readonly #key: Buffer;

  constructor(
    installationSecret: string,
    private readonly secureCookies: boolean,
  ) {
    this.#key = createHash('sha256').update(`secret-flash:${installationSecret}`).digest();
  }

  /** Keeps the secret for the next view of the integration's page. */
  give(reply: FastifyReply, integrationId: string, flash: SecretFlash, now: number): void {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(integrationId));
    const plain = JSON.stringify({ ...flash, expires: now + TTL_MS });
    const sealed = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    reply.setCookie(COOKIE, sealed.toString('base64url'), this.#options(integrationId, TTL_MS / 1000));
  }

  /** The secret waiting for this integration's page, once; the cookie is cleared either way. */
  take(
    request: FastifyRequest,
    reply: FastifyReply,
    integrationId: string,
    now: number,
  ): SecretFlash | undefined {
    const value = request.cookies[COOKIE];
    if (value === undefined) return undefined;
    reply.clearCookie(COOKIE, this.#options(integrationId));
    const sealed = Buffer.from(value, 'base64url');
    if (sealed.length < 12 + 16 + 2) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(0, 12))
        .setAAD(Buffer.from(integrationId))
        .setAuthTag(sealed.subarray(sealed.length - 16));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(12, sealed.length - 16)),
        decipher.final(),
      ]);
      const flash = JSON.parse(plain.toString('utf8')) as SecretFlash & { expires: number };
      return flash.expires > now ? { secret: flash.secret, rotated: flash.rotated } : undefined;
    } catch {
      // Another integration's, tampered with, or sealed under another key: nothing to show.
      return undefined;
    }
  }

  #options(integrationId: string, maxAge?: number) {
    return {
      path: pagePath(integrationId),
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.secureCookies,
      ...(maxAge === undefined ? {} : { maxAge }),
    };
  }
}
