/**
 * Who is looking at a workspace page: the signed-in user, the organization named in the address
 * and their role there. Membership is checked on every request; another organization's address
 * is a 404, the same as one that does not exist.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../identity/actor.js';
import { listMembershipsOfUser, type Membership } from '../../identity/membership.repository.js';
import type { User } from '../../identity/user.repository.js';
import { HtmlError, SignInRequired } from '../html-error.js';
import { currentUser } from '../session/session.js';

export interface WorkspaceVisitor {
  user: User;
  memberships: Membership[];
  organization: Membership;
  actor: Actor;
  isAdmin: boolean;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the workspace visitor is known, so a refusal can be shown inside the workspace. */
    workspace?: WorkspaceVisitor;
  }
}

export const notFound = () => new HtmlError(404, 'Not found', 'There is nothing at this address.');

export async function workspaceVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  organizationId: string,
): Promise<WorkspaceVisitor> {
  const user = await currentUser(request);
  if (!user) throw new SignInRequired(request.url);
  const memberships = await listMembershipsOfUser(request.ctx.db, user.id);
  const organization = memberships.find((m) => m.organizationId === organizationId);
  if (!organization) throw notFound();
  const visitor: WorkspaceVisitor = {
    user,
    memberships,
    organization,
    actor: { organizationId, userId: user.id, role: organization.role },
    isAdmin: organization.role === 'admin',
    csrfToken: await reply.generateCsrf(),
  };
  request.workspace = visitor;
  return visitor;
}

/** Spaces are the admins' to manage (SPEC §7): checked on every request, GET and POST. */
export function requireAdmin(visitor: WorkspaceVisitor): void {
  if (!visitor.isAdmin) {
    throw new HtmlError(403, 'Administrators only', 'Only administrators of this venue manage its spaces.');
  }
}

/** The address of a page of the visitor's organization. */
export function orgPath(visitor: WorkspaceVisitor | string, path: string): string {
  const id = typeof visitor === 'string' ? visitor : visitor.organization.organizationId;
  return `/orgs/${encodeURIComponent(id)}${path}`;
}
