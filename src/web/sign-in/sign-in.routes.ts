/**
 * Sign-in, sign-out and the signed-in home page: the interaction the authorize flow and the
 * other pages share. Server-rendered, CSRF-protected forms that work without JavaScript. Pages
 * carrying a CSRF token are never stored by browsers or proxies (`Cache-Control: no-store`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { findIntegrationByClientId } from '../../integrations/integration.repository.js';
import { accountRoutes } from '../account/account.routes.js';
import { setPasswordRoutes } from '../account/set-password.routes.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { forgotPasswordRoutes } from './forgot-password.routes.js';
import { currentUser, endSession, startSession } from '../session/session.js';
import { safeReturnPath } from './return-path.js';
import { SignInGuard } from './sign-in-guard.js';
import { signInPage } from './sign-in.page.js';
import { homePath } from '../workspace/home.js';

/** The integration asking, when sign-in interrupts an authorization request. */
async function askingIntegration(db: Db, returnTo: string): Promise<string | undefined> {
  if (!returnTo.startsWith('/oauth/authorize?')) return undefined;
  const clientId = new URLSearchParams(returnTo.slice(returnTo.indexOf('?') + 1)).get('client_id');
  return clientId ? (await findIntegrationByClientId(db, clientId))?.name : undefined;
}

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config, metrics } = app.ctx;
  const guard = new SignInGuard(db, clock);
  const returnPath = (value: unknown) => safeReturnPath(value, config.authUrl);

  app.get(
    '/sign-in',
    { schema: { querystring: Type.Object({ return_to: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const returnTo = returnPath(request.query.return_to);
      if (await currentUser(request)) return reply.redirect(returnTo, 303);
      const csrfToken = reply.generateCsrf();
      const integrationName = await askingIntegration(db, returnTo);
      reply.header('Cache-Control', 'no-store');
      return sendPage(reply, signInPage({ csrfToken, returnTo, integrationName }));
    },
  );

  app.post(
    '/sign-in',
    { preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const email = formText(request.body, 'email').trim();
      const returnTo = returnPath(formText(request.body, 'return_to'));
      const outcome = await guard.attempt(email, formText(request.body, 'password'), request.ip);
      if (outcome.kind === 'ok') {
        await startSession(request, reply, outcome.user.id);
        return reply.redirect(returnTo, 303);
      }
      metrics.signInFailures.inc({ reason: outcome.kind === 'throttled' ? 'throttled' : 'wrong_password' });
      const error =
        outcome.kind === 'throttled'
          ? `Too many failed sign-ins from here. Try again in ${waitInWords(outcome.retryAfter)}.`
          : 'The e-mail or password is wrong.';
      if (outcome.kind === 'throttled') reply.header('Retry-After', String(outcome.retryAfter));
      const csrfToken = reply.generateCsrf();
      const integrationName = await askingIntegration(db, returnTo);
      reply.header('Cache-Control', 'no-store');
      return sendPage(
        reply,
        signInPage({ csrfToken, returnTo, email, error, integrationName }),
        outcome.kind === 'throttled' ? 429 : 401,
      );
    },
  );

  app.post('/sign-out', { preHandler: app.csrfProtection }, async (request, reply) => {
    await endSession(request, reply);
    return reply.redirect('/sign-in', 303);
  });

  app.get('/', async (request, reply) => {
    const user = await currentUser(request);
    return reply.redirect(user ? await homePath(db, user.id) : '/sign-in', 303);
  });

  await app.register(accountRoutes, { guard });
  await app.register(setPasswordRoutes);
  await app.register(forgotPasswordRoutes);
};

export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
