/**
 * `/set-password/<token>`: where a person invited from Settings → Team, or who asked for a reset
 * ("Forgot your password?"), chooses their password. The link works once, for a week (an
 * invitation) or an hour (a reset); an unknown, used or expired one is refused the same way.
 * Setting the password signs the person in (a new session) and takes them to their venue. The
 * token never reaches a log (src/http/logger.ts) and the page sends no referrer.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../identity/identity.service.js';
import { setPasswordByLink, userOfPasswordLink } from '../../identity/password-links.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { html } from '../html.js';
import { HtmlError } from '../html-error.js';
import { page } from '../layout.js';
import { startSession } from '../session/session.js';
import { homePath } from '../workspace/home.js';

const Params = Type.Object({ token: Type.String({ maxLength: 200 }) });

const gone = () =>
  new HtmlError(
    404,
    'This link does not work',
    'It was used already, it expired, or it is not a link Marquee made. Ask for a new one under “Forgot your password?” on the sign-in page, or ask an administrator of your venue.',
  );

function setPasswordPage(
  email: string,
  csrfToken: string,
  error?: { field: string; message: string },
): string {
  const invalid = (name: string) =>
    error?.field === name ? html`aria-invalid="true" aria-describedby="${name}-error"` : '';
  const message = (name: string) =>
    error?.field === name ? html`<p class="field-error" id="${name}-error">${error.message}</p>` : '';
  return page({
    title: 'Choose your password',
    body: html`<h1>Choose your password</h1>
      <p class="lead">For ${email}. You sign in with this e-mail and this password.</p>
      <form method="post" novalidate>
        <input type="hidden" name="_csrf" value="${csrfToken}" />
        <label for="password">Password</label>
        <p class="muted">At least ${MIN_PASSWORD_LENGTH} characters.</p>
        ${message('password')}
        <input id="password" name="password" type="password" autocomplete="new-password" required ${invalid('password')} />
        <label for="password_again">Password again</label>
        ${message('password_again')}
        <input id="password_again" name="password_again" type="password" autocomplete="new-password" required ${invalid('password_again')} />
        <div class="actions"><button type="submit">Set password and sign in</button></div>
      </form>`,
  });
}

export const setPasswordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  app.get('/set-password/:token', { schema: { params: Params } }, async (request, reply) => {
    const user = await userOfPasswordLink(db, request.params.token, request.ctx.now());
    if (!user) throw gone();
    return sendPage(reply, setPasswordPage(user.email, reply.generateCsrf()));
  });

  app.post(
    '/set-password/:token',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const now = request.ctx.now();
      const user = await userOfPasswordLink(db, request.params.token, now);
      if (!user) throw gone();
      const password = formText(request.body, 'password');
      const again = formText(request.body, 'password_again');
      const error =
        password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH
          ? {
              field: 'password',
              message: `A password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
            }
          : password !== again
            ? { field: 'password_again', message: 'The two passwords differ.' }
            : undefined;
      if (error) return sendPage(reply, setPasswordPage(user.email, reply.generateCsrf(), error), 422);
      if (!(await setPasswordByLink(db, request.params.token, password, now))) throw gone();
      await startSession(request, reply, user.id);
      return reply.redirect(await homePath(db, user.id), 303);
    },
  );
};
