/**
 * Who is looking at a workspace page: the signed-in user, the organization named in the address
 * and their role there. A preHandler of every workspace route (registerVisitor) checks the
 * membership on each request before the handler runs; another organization's address is a 404,
 * the same as one that does not exist. A page whose form takes an action (`takes`) asks the policy
 * (src/writes/permit.ts) whether the visitor's grants name it, and refuses them in its words if not;
 * a post needs no such mark, since the command it runs is judged by the unit of work.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/app-instance.js';
import type { Actor } from '../../policy/actor.js';
import type { Action } from '../../policy/action.js';
import { policyRefusal } from '../../writes/permit.js';
import { listMembershipsOfUser, type Membership } from '../../identity/membership.repository.js';
import type { User } from '../../identity/user.repository.js';
import { HtmlError, SignInRequired } from '../html-error.js';
import { currentUser } from '../session/session.js';
import { staffActor } from '../../policy/actor.js';
import { organizationOf } from '../../crm/organization/index.js';
import { waitingInInbox } from '../../crm/messages/index.js';
import { countOverdue } from '../../crm/tasks/index.js';
import { approvalsWaiting } from '../../crm/automations/index.js';
import { DEFAULT_LOCALE, organizationLocale, setReadingLocale, withReadingLocale } from '../../locale.js';

export interface WorkspaceVisitor {
  user: User;
  memberships: Membership[];
  organization: Membership;
  actor: Actor;
  csrfToken: string;
  /** The organization's locale (BCP 47), which its pages write days, times and amounts in. */
  locale: string;
  /** How many messages from clients wait in the Inbox (the count beside its link). */
  inboxWaiting: number;
  /** How many of the member's open tasks are past their due time (the count beside My tasks). */
  tasksOverdue: number;
  /** How many drafted mails of the organization await approval (the count beside Approvals). */
  approvalsWaiting: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the workspace visitor is known, so a refusal can be shown inside the workspace. */
    workspace?: WorkspaceVisitor;
  }
  interface FastifyContextConfig {
    /**
     * The action the page's form takes (a command's, `SPACE_ACTIONS.create`): a visitor whose
     * grants do not name it is refused before the page is drawn, in the policy's words.
     */
    takes?: Action;
  }
}

export const notFound = () => new HtmlError(404, 'Not found', 'There is nothing at this address.');

async function loadVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  organizationId: string,
): Promise<WorkspaceVisitor> {
  const user = await currentUser(request);
  if (!user) throw new SignInRequired(request.url);
  const memberships = await listMembershipsOfUser(request.ctx.db, user.id);
  const organization = memberships.find((m) => m.organizationId === organizationId);
  if (!organization) throw notFound();
  return (await visitorIn(request, reply, { user, memberships, organization })).visitor;
}

/**
 * The visitor, a member of `organization`, on a page shown in it (the workspace's, or a settings
 * page in its frame), and the organization's time zone; from here on the request writes days,
 * times and amounts in its locale.
 */
export async function visitorIn(
  request: FastifyRequest,
  reply: FastifyReply,
  who: { user: User; memberships: Membership[]; organization: Membership },
): Promise<{ visitor: WorkspaceVisitor; timezone: string }> {
  const { user, memberships, organization } = who;
  const { organizationId } = organization;
  const [row, inboxWaiting, tasksOverdue, approvals] = await Promise.all([
    organizationOf(request.ctx.db, organizationId),
    waitingInInbox(request.ctx.db, organizationId),
    countOverdue(request.ctx, organizationId, user.id, request.ctx.now()),
    approvalsWaiting(request.ctx, organizationId),
  ]);
  const locale = row ? organizationLocale(row) : DEFAULT_LOCALE;
  setReadingLocale(locale);
  const visitor: WorkspaceVisitor = {
    user,
    memberships,
    organization,
    actor: staffActor({ organizationId, userId: user.id, role: organization.role, door: 'workspace' }),
    csrfToken: await reply.generateCsrf(),
    locale,
    inboxWaiting,
    tasksOverdue,
    approvalsWaiting: approvals,
  };
  return { visitor, timezone: row?.timezone ?? 'UTC' };
}

/**
 * Whether the policy lets the visitor take `action` in `organization` (by default the one they are
 * looking at), with the grants of their role there: what the frame's links and the page's buttons
 * show is what the visitor may do.
 */
export function mayTake(
  visitor: Pick<WorkspaceVisitor, 'user' | 'organization' | 'actor'>,
  action: Action,
  organization: Membership = visitor.organization,
): boolean {
  const actor =
    organization.organizationId === visitor.organization.organizationId
      ? visitor.actor
      : memberActor(visitor, organization);
  return policyRefusal(actor, action, undefined, undefined) === undefined;
}

/** The signed-in user as the staff actor of their membership in `organization`. */
export function memberActor(visitor: { user: Pick<User, 'id'> }, organization: Membership): Actor {
  return staffActor({
    organizationId: organization.organizationId,
    userId: visitor.user.id,
    role: organization.role,
    door: 'workspace',
  });
}

/**
 * The visitor of an address that is no page: the signed-in user in the organization the address
 * names, when they are its member, else in their first, so its 404 keeps the workspace's frame;
 * nobody when no one is signed in or they belong to none.
 */
export async function visitorAnywhere(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<WorkspaceVisitor | undefined> {
  const user = await currentUser(request);
  if (!user) return undefined;
  const memberships = await listMembershipsOfUser(request.ctx.db, user.id);
  const named = /^\/orgs\/([^/?]+)/.exec(request.url)?.[1];
  const chosen = memberships.find((m) => m.organizationId === named) ?? memberships[0];
  return chosen ? loadVisitor(request, reply, chosen.organizationId) : undefined;
}

/** Every route of `app` with an `:org` in its address learns its visitor before its handler runs. */
export function registerVisitor(app: App): void {
  // Every page's days, times and amounts are written in the organization's locale (src/locale.ts).
  app.addHook('onRequest', (_request, _reply, done) => withReadingLocale(done));
  app.addHook('preHandler', async (request, reply) => {
    const org = (request.params as { org?: unknown } | undefined)?.org;
    if (typeof org !== 'string') return;
    const visitor = await loadVisitor(request, reply, org);
    request.workspace = visitor;
    const takes = request.routeOptions.config.takes;
    const refused = takes && policyRefusal(visitor.actor, takes, undefined, undefined);
    if (refused) {
      const title = refused.code === 'admin_only' ? 'Administrators only' : 'Not allowed';
      throw new HtmlError(403, title, refused.detail);
    }
  });
}

/** The visitor of a workspace route (known by then: registerVisitor). */
export function visitorOf(request: FastifyRequest): WorkspaceVisitor {
  if (!request.workspace) throw new Error('visitorOf is for routes under /orgs/:org/');
  return request.workspace;
}

/** The address of a page of the visitor's organization. */
export function orgPath(visitor: WorkspaceVisitor | string, path: string): string {
  const id = typeof visitor === 'string' ? visitor : visitor.organization.organizationId;
  return `/orgs/${encodeURIComponent(id)}${path}`;
}
