/**
 * The sign-in session shared by the authorize flow and the settings pages: a random id in an
 * HttpOnly, SameSite=Lax cookie (Secure when served over https), looked up by its hash.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isoTime } from '../../clock.js';
import type { User } from '../../identity/user.repository.js';
import { createSession, deleteSession, findSessionUser } from './session.repository.js';

export const SESSION_COOKIE = 'marquee_session';
export const SESSION_TTL_SECONDS = 12 * 3600;

export interface SessionCookies {
  secure: boolean;
}

export async function currentUser(request: FastifyRequest): Promise<User | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? findSessionUser(request.ctx.db, token, isoTime(request.ctx.now())) : undefined;
}

export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: SessionCookies,
): Promise<void> {
  const token = await createSession(request.ctx.db, userId, request.ctx.now(), SESSION_TTL_SECONDS);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, options: SessionCookies) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(request.ctx.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
}

/** Only same-site paths may be returned to after sign-in: no open redirect (RFC 9700 §4.11). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return '/';
  return value.length > 4000 ? '/' : value;
}
