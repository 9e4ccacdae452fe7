/**
 * A new client secret travels from the POST that made it to the integration's page, which shows
 * it once, in a sealed one-time cookie (src/web/sealed-flash.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SealedFlashes } from '../sealed-flash.js';

export interface SecretFlash {
  secret: string;
  /** A rotation (the previous secret stopped working) rather than a creation. */
  rotated: boolean;
}

const pagePath = (integrationId: string) => `/settings/integrations/${integrationId}`;

export class SecretFlashes {
  readonly #flashes: SealedFlashes<SecretFlash>;

  constructor(installationSecret: string, secureCookies: boolean) {
    this.#flashes = new SealedFlashes(
      installationSecret,
      { purpose: 'secret-flash', cookie: 'marquee_new_secret' },
      secureCookies,
    );
  }

  /** Keeps the secret for the next view of the integration's page. */
  give(reply: FastifyReply, integrationId: string, flash: SecretFlash, now: number): void {
    this.#flashes.give(reply, pagePath(integrationId), flash, now);
  }

  /** The secret waiting for this integration's page, once; the cookie is cleared either way. */
  take(request: FastifyRequest, reply: FastifyReply, integrationId: string, now: number) {
    return this.#flashes.take(request, reply, pagePath(integrationId), now);
  }
}
