/**
 * Cookies and CSRF protection for the pages (@fastify/cookie, @fastify/csrf-protection), with the
 * CSRF secret bound to the sign-in session. A signed-in visitor's secret is an HMAC of their
 * session id under an installation key, so it exists only with that session: a token minted for
 * another session (or before signing in) is refused, and signing in or out changes it. A
 * signed-out visitor (the sign-in form) gets a random secret in a signed cookie, dropped at
 * sign-in. Without this, whoever can plant a cookie (a sibling subdomain, plain http) could pair
 * a secret they know with the victim's session (OWASP CSRF cheat sheet, "cookie tossing").
 */
import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/app-instance.js';
import { appSecret } from '../../db/app-secrets.js';
import { cookieNames, cookieOptions } from './cookie-names.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where @fastify/csrf-protection keeps the secret (its `@fastify/session` mode). */
    session: CsrfSecretStore;
  }
}

class CsrfSecretStore {
  private minted: string | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly bindingKey: string,
  ) {}

  get _csrf(): string | undefined {
    if (this.minted) return this.minted;
    const names = cookieNames(this.request);
    const session = this.request.cookies[names.session];
    if (session) return createHmac('sha256', this.bindingKey).update(`csrf:${session}`).digest('base64url');
    const signed = this.request.cookies[names.csrf];
    const unsigned = signed ? this.request.unsignCookie(signed) : undefined;
    return unsigned?.valid ? (unsigned.value ?? undefined) : undefined;
  }

  /** Called by the plugin when a signed-out visitor has no secret yet. */
  set _csrf(secret: string | undefined) {
    if (!secret) return;
    this.minted = secret;
    const names = cookieNames(this.request);
    this.reply.setCookie(names.csrf, secret, { ...cookieOptions(names), signed: true });
  }
}

export async function registerCookiesAndCsrf(app: App): Promise<void> {
  const { db, clock } = app.ctx;
  await app.register(cookie, { secret: await appSecret(db, 'cookie-signing-key', clock.now()) });
  const bindingKey = await appSecret(db, 'csrf-binding-key', clock.now());
  app.decorateRequest('session', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    request.session = new CsrfSecretStore(request, reply, bindingKey);
    done();
  });
  await app.register(csrf, { sessionPlugin: '@fastify/session', sessionKey: '_csrf' });
}
