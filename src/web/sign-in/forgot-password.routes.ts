/**
 * "Forgot your password?": a form asking for an e-mail address, and one answer for every request
 * (a redirect to the same page), so the answer never tells whether an address has an account or
 * whether the request was throttled. The link itself goes only into the e-mail: never into a
 * redirect, a page or a log line (its path is cut in the log, src/http/logger.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestPasswordReset } from '../../identity/password-reset.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { forgotPasswordPage, resetLinkSentPage } from './forgot-password.page.js';
import { ResetThrottle } from './reset-throttle.js';

/** Longer than any e-mail address: such input asks for nothing. */
const EMAIL_MAX = 254;

export const forgotPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, config } = app.ctx;
  const throttle = new ResetThrottle(clock);

  app.get('/forgot-password', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendPage(reply, forgotPasswordPage(reply.generateCsrf()));
  });

  app.post(
    '/forgot-password',
    { preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const email = formText(request.body, 'email').trim();
      if (email !== '' && email.length <= EMAIL_MAX && throttle.admit(email, request.ip))
        await requestPasswordReset(db, {
          email,
          now: request.ctx.now(),
          sending: config.smtpUrl !== undefined,
          authUrl: config.authUrl,
        });
      return reply.redirect('/forgot-password/sent', 303);
    },
  );

  app.get('/forgot-password/sent', async (_request, reply) => sendPage(reply, resetLinkSentPage()));
};
