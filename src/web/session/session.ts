/**
 * The sign-in session shared by the authorize flow and the pages: a random id in an HttpOnly,
 * SameSite=Lax cookie (Secure and `__Host-` over https), looked up by its hash. Signing in always
 * starts a new session (a session id planted before sign-in is worthless afterwards), and the
 * CSRF secret, derived from the session id, changes with it (src/web/session/csrf-binding.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isoTime } from '../../clock.js';
import type { User } from '../../identity/user.repository.js';
import { cookieNames, cookieOptions } from './cookie-names.js';
import { createSession, deleteSession, findSessionUser } from './session.repository.js';

export const SESSION_TTL_SECONDS = 12 * 3600;

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieNames(request).session] || undefined;
}

export async function currentUser(request: FastifyRequest): Promise<User | undefined> {
  const token = sessionToken(request);
  return token ? findSessionUser(request.ctx.db, token, isoTime(request.ctx.now())) : undefined;
}

/** Ends the visitor's current session, if any, and starts a new one for `userId`. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const names = cookieNames(request);
  const previous = sessionToken(request);
  if (previous) await deleteSession(request.ctx.db, previous);
  const token = await createSession(request.ctx.db, userId, request.ctx.now(), SESSION_TTL_SECONDS);
  reply.setCookie(names.session, token, { ...cookieOptions(names), maxAge: SESSION_TTL_SECONDS });
  // The signed-out visitor's CSRF secret ends here; the session's own takes over.
  reply.clearCookie(names.csrf, cookieOptions(names));
}

export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const names = cookieNames(request);
  const token = sessionToken(request);
  if (token) await deleteSession(request.ctx.db, token);
  reply.clearCookie(names.session, cookieOptions(names));
  reply.clearCookie(names.csrf, cookieOptions(names));
}
