/**
 * The signed-in user's own password: `/account/password`. The current password is checked (and
 * throttled) like a sign-in, so a borrowed or stolen session cannot take the account over. A
 * change ends every other session of the user and gives this browser a new session id (and with
 * it a new CSRF secret).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { changeOwnPassword } from '../../identity/account-access.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../identity/identity.service.js';
import type { User } from '../../identity/user.repository.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { SignInRequired } from '../html-error.js';
import { currentUser, startSession } from '../session/session.js';
import type { SignInGuard } from '../sign-in/sign-in-guard.js';
import { type PasswordField, passwordPage } from './password.page.js';

export const ACCOUNT_PASSWORD_PATH = '/account/password';

type Errors = Partial<Record<PasswordField, string>>;

function newPasswordErrors(current: string, next: string, again: string): Errors {
  if (next.length < MIN_PASSWORD_LENGTH || next.length > MAX_PASSWORD_LENGTH) {
    return {
      new_password: `A password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
    };
  }
  if (next === current) return { new_password: 'Choose a password other than the current one.' };
  if (next !== again) return { new_password_confirm: 'The two new passwords differ.' };
  return {};
}

export const accountRoutes: FastifyPluginAsyncTypebox<{ guard: SignInGuard }> = async (app, { guard }) => {
  const { db, metrics } = app.ctx;

  async function signedIn(request: Parameters<typeof currentUser>[0]): Promise<User> {
    const user = await currentUser(request);
    if (!user) throw new SignInRequired(ACCOUNT_PASSWORD_PATH);
    return user;
  }

  function show(reply: FastifyReply, user: User, status: number, errors?: Errors, notice?: string) {
    reply.header('Cache-Control', 'no-store');
    const csrfToken = reply.generateCsrf();
    return sendPage(reply, passwordPage({ email: user.email, csrfToken, errors, notice }), status);
  }

  app.get(
    ACCOUNT_PASSWORD_PATH,
    { schema: { querystring: Type.Object({ changed: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      const user = await signedIn(request);
      const notice =
        request.query.changed === '1'
          ? 'Your password was changed, and every other session of yours was signed out.'
          : undefined;
      return show(reply, user, 200, undefined, notice);
    },
  );

  app.post(
    ACCOUNT_PASSWORD_PATH,
    { preHandler: app.csrfProtection, schema: { body: FormBody } },
    async (request, reply) => {
      const user = await signedIn(request);
      const current = formText(request.body, 'current_password');
      const next = formText(request.body, 'new_password');
      const outcome = await guard.attempt(user.email, current, request.ip);
      if (outcome.kind === 'throttled') {
        metrics.signInFailures.inc({ reason: 'throttled' });
        reply.header('Retry-After', String(outcome.retryAfter));
        return show(reply, user, 429, {
          current_password: 'Too many wrong passwords from here. Wait a while and try again.',
        });
      }
      if (outcome.kind === 'wrong') {
        metrics.signInFailures.inc({ reason: 'wrong_password' });
        return show(reply, user, 422, { current_password: 'This is not your current password.' });
      }
      const errors = newPasswordErrors(current, next, formText(request.body, 'new_password_confirm'));
      if (Object.keys(errors).length > 0) return show(reply, user, 422, errors);
      await changeOwnPassword(db, { userId: user.id, password: next }, request.ctx.now());
      await startSession(request, reply, user.id);
      return reply.redirect(`${ACCOUNT_PASSWORD_PATH}?changed=1`, 303);
    },
  );
};
