/**
 * Who is looking at a settings page: the signed-in user and their memberships. Admin rights are
 * checked on every request, not just hidden from members. A page is shown in one venue (its
 * frame), and writes its days and times in that venue's locale and time zone, as the workspace.
 */
import { DEFAULT_LOCALE, organizationLocale, setReadingLocale, withReadingLocale } from '../../locale.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { waitingInInbox } from '../../crm/messages/index.js';
import { countOverdue } from '../../crm/tasks/index.js';
import { approvalsWaiting } from '../../crm/automations/index.js';
import { organizationOf } from '../../crm/organization/index.js';
import type { Db } from '../../db/database.js';
import { listMembershipsOfUser, type Membership } from '../../identity/membership.repository.js';
import {
  findIntegration,
  isOwnedIntegration,
  type OwnedIntegration,
} from '../../integrations/integration.repository.js';
import type { User } from '../../identity/user.repository.js';
import { HtmlError, SignInRequired } from '../html-error.js';
import { currentUser } from '../session/session.js';
import type { SettingsFrame } from './settings-layout.js';
import { type Actor, staffActor } from '../../identity/actor.js';

export interface Visitor {
  user: User;
  memberships: Membership[];
  adminOf: Membership[];
}

export async function visitor(request: FastifyRequest): Promise<Visitor> {
  const user = await currentUser(request);
  if (!user) throw new SignInRequired(request.url);
  const memberships = await listMembershipsOfUser(request.ctx.db, user.id);
  return { user, memberships, adminOf: memberships.filter((m) => m.role === 'admin') };
}

/**
 * An onRequest hook of the settings plugins: each request gets a locale of its own, which
 * settingsFrame sets to the venue's (src/locale.ts).
 */
export function readingLocaleHook(_request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  withReadingLocale(done);
}

/**
 * The frame of a settings page, in the venue it is about (else the user's first); from here on,
 * the request writes days, times and amounts in that venue's locale.
 */
export async function settingsFrame(
  reply: FastifyReply,
  v: Visitor,
  current: SettingsFrame['current'],
  organizationId?: string,
): Promise<SettingsFrame> {
  const csrfToken = await reply.generateCsrf();
  const organization =
    v.memberships.find((m) => m.organizationId === organizationId) ?? v.adminOf[0] ?? v.memberships[0];
  const isAdmin = organization?.role === 'admin';
  const db = reply.request.ctx.db;
  const [row, inboxWaiting, tasksOverdue, approvals] = organization
    ? await Promise.all([
        organizationOf(db, organization.organizationId),
        waitingInInbox(db, organization.organizationId),
        countOverdue({ db }, organization.organizationId, v.user.id, reply.request.ctx.now()),
        approvalsWaiting({ db }, organization.organizationId),
      ])
    : [undefined, 0, 0, 0];
  const locale = row ? organizationLocale(row) : DEFAULT_LOCALE;
  setReadingLocale(locale);
  return {
    email: v.user.email,
    csrfToken,
    isAdmin: v.adminOf.length > 0,
    current,
    zone: row?.timezone ?? 'UTC',
    workspace: organization && {
      user: v.user,
      memberships: v.memberships,
      organization,
      actor: staffActor({
        organizationId: organization.organizationId,
        userId: v.user.id,
        role: organization.role,
        door: 'workspace',
      }),
      isAdmin,
      csrfToken,
      locale,
      inboxWaiting,
      tasksOverdue,
      approvalsWaiting: approvals,
    },
  };
}

export const adminsOnly = () =>
  new HtmlError(
    403,
    'Administrators only',
    'Only administrators of an organization manage its integrations.',
  );

/** The organization the visitor administers (the first one when none is named). */
export function adminOrganization(v: Visitor, organizationId: string | undefined): Membership {
  const organization = organizationId
    ? v.adminOf.find((m) => m.organizationId === organizationId)
    : v.adminOf[0];
  if (!organization) throw adminsOnly();
  return organization;
}

/** The visitor acting as a member of one of their organizations (an admin, where the page asked for one). */
export function adminActor(v: Visitor, organization: Membership): Actor {
  return staffActor({
    organizationId: organization.organizationId,
    userId: v.user.id,
    role: organization.role,
    door: 'workspace',
  });
}

/** An integration the visitor administers: 404 when it is not in their organizations, 403 for members. */
export async function administeredIntegration(
  db: Db,
  v: Visitor,
  id: string,
): Promise<{ integration: OwnedIntegration; organization: Membership }> {
  const found = await findIntegration(db, id);
  const integration = found && isOwnedIntegration(found) ? found : undefined;
  const organization =
    integration && v.memberships.find((m) => m.organizationId === integration.organizationId);
  if (!integration || !organization) throw new HtmlError(404, 'Not found', 'There is no such integration.');
  if (organization.role !== 'admin') throw adminsOnly();
  return { integration, organization };
}
