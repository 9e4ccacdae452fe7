/**
 * Sign-in, sign-out and the signed-in home page: the interaction the authorize flow and the
 * settings pages share. Server-rendered, CSRF-protected forms that work without JavaScript.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import type { Db } from '../db/database.js';
import { findIntegrationByClientId } from '../integrations/integration.repository.js';
import { signInPage } from './pages/sign-in.js';
import { currentUser, endSession, safeReturnPath, startSession } from './session.js';
import type { SignInGuard } from './sign-in.js';

export interface InteractionRoutesOptions {
  db: Db;
  secureCookies: boolean;
  signInGuard: SignInGuard;
}

const FormBody = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]));

/** The integration asking, when sign-in interrupts an authorization request. */
async function askingIntegration(db: Db, returnTo: string): Promise<string | undefined> {
  if (!returnTo.startsWith('/oauth/authorize?')) return undefined;
  const clientId = new URLSearchParams(returnTo.slice(returnTo.indexOf('?') + 1)).get('client_id');
  return clientId ? (await findIntegrationByClientId(db, clientId))?.name : undefined;
}

function field(body: Record<string, string | string[]>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

export const interactionRoutes: FastifyPluginAsyncTypebox<InteractionRoutesOptions> = async (
  app,
  options,
) => {
  const { db, secureCookies, signInGuard } = options;
  const html = { errorStyle: 'html' as const };

  app.get(
    '/sign-in',
    { config: html, schema: { querystring: Type.Object({ return_to: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.return_to);
      if (await currentUser(db, request)) return reply.redirect(returnTo, 303);
      const csrfToken = await reply.generateCsrf();
      const integrationName = await askingIntegration(db, returnTo);
      return reply
        .type('text/html; charset=utf-8')
        .send(signInPage({ csrfToken, returnTo, integrationName }));
    },
  );

  app.post(
    '/sign-in',
    { config: html, preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const email = field(request.body, 'email').trim();
      const returnTo = safeReturnPath(field(request.body, 'return_to'));
      const outcome = await signInGuard.attempt(email, field(request.body, 'password'), request.ip);
      if (outcome.kind === 'ok') {
        await startSession(db, reply, outcome.user.id, { secure: secureCookies });
        return reply.redirect(returnTo, 303);
      }
      const error =
        outcome.kind === 'throttled'
          ? `Too many sign-in attempts. Try again in ${Math.ceil(outcome.retryAfter / 60)} minute(s).`
          : 'The e-mail or password is wrong.';
      if (outcome.kind === 'throttled') reply.header('Retry-After', String(outcome.retryAfter));
      const csrfToken = await reply.generateCsrf();
      const integrationName = await askingIntegration(db, returnTo);
      return reply
        .code(outcome.kind === 'throttled' ? 429 : 401)
        .type('text/html; charset=utf-8')
        .send(signInPage({ csrfToken, returnTo, email, error, integrationName }));
    },
  );

  app.post('/sign-out', { config: html, preHandler: app.csrfProtection }, async (request, reply) => {
    await endSession(db, request, reply, { secure: secureCookies });
    return reply.redirect('/sign-in', 303);
  });

  app.get('/', { config: html }, async (request, reply) => {
    const user = await currentUser(db, request);
    return reply.redirect(user ? '/settings' : '/sign-in', 303);
  });
};
