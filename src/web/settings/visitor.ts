/**
 * Who is looking at a settings page: the signed-in user and their memberships. Which organizations'
 * integrations they manage is the policy's to say (docs/decisions/0016-grants-and-policy.md): the
 * grants of the visitor as a member of each, asked on every request for the action the page takes,
 * and a refusal is shown in the policy's words before the page reads anything. A page is shown in
 * one venue (its frame), and writes its days and times in that venue's locale and time zone, as
 * the workspace.
 */
import { DEFAULT_LOCALE, setReadingLocale, withReadingLocale } from '../../locale.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { listMembershipsOfUser, type Membership } from '../../identity/membership.repository.js';
import {
  findIntegration,
  isOwnedIntegration,
  type OwnedIntegration,
} from '../../integrations/integration.repository.js';
import { INTEGRATION_ACTIONS } from '../../integrations/integration.policy.js';
import type { User } from '../../identity/user.repository.js';
import type { Action } from '../../policy/action.js';
import { policyRefusal } from '../../writes/permit.js';
import { refuse, type Refusal } from '../../writes/refusal.js';
import { HtmlError, SignInRequired } from '../html-error.js';
import { currentUser } from '../session/session.js';
import { memberActor, visitorIn } from '../workspace/workspace-visitor.js';
import type { SettingsFrame } from './settings-layout.js';
import type { Actor } from '../../policy/actor.js';

export interface Visitor {
  user: User;
  memberships: Membership[];
  /** The organizations whose integrations the policy lets the visitor make (the Integrations pages). */
  managing: Membership[];
}

export async function visitor(request: FastifyRequest): Promise<Visitor> {
  const user = await currentUser(request);
  if (!user) throw new SignInRequired(request.url);
  const memberships = await listMembershipsOfUser(request.ctx.db, user.id);
  const v = { user, memberships, managing: [] };
  return { ...v, managing: memberships.filter((m) => !refusalIn(v, m, INTEGRATION_ACTIONS.create)) };
}

/** Why the policy refuses the visitor `action` in `organization`, or undefined when it allows it. */
function refusalIn(v: Pick<Visitor, 'user'>, organization: Membership, action: Action): Refusal | undefined {
  return policyRefusal(memberActor(v, organization), action, undefined, undefined);
}

/** A refusal of the policy as the settings pages show it: a 403 page in its words. */
function refusedPage(refusal: Refusal): HtmlError {
  return new HtmlError(
    403,
    refusal.code === 'admin_only' ? 'Administrators only' : 'Not allowed',
    refusal.detail,
  );
}

/** The action refused in its own words, where the visitor is no member to ask about (or of none). */
const refusedAction = (action: Action) =>
  refusedPage(refuse({ status: 403, code: action.code, detail: action.refused }));

/**
 * An onRequest hook of the settings plugins: each request gets a locale of its own, which
 * settingsFrame sets to the venue's (src/locale.ts).
 */
export function readingLocaleHook(_request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  withReadingLocale(done);
}

/**
 * The frame of a settings page, in the venue it is about (else the first whose integrations the
 * user manages, else their first); from here on, the request writes days, times and amounts in
 * that venue's locale.
 */
export async function settingsFrame(
  reply: FastifyReply,
  v: Visitor,
  current: SettingsFrame['current'],
  organizationId?: string,
): Promise<SettingsFrame> {
  const organization =
    v.memberships.find((m) => m.organizationId === organizationId) ?? v.managing[0] ?? v.memberships[0];
  const venue = organization && (await visitorIn(reply.request, reply, { ...v, organization }));
  if (!venue) setReadingLocale(DEFAULT_LOCALE);
  return {
    email: v.user.email,
    csrfToken: venue ? venue.visitor.csrfToken : await reply.generateCsrf(),
    managesIntegrations: v.managing.length > 0,
    current,
    zone: venue?.timezone ?? 'UTC',
    workspace: venue?.visitor,
  };
}

/**
 * The organization whose integrations the visitor may take `action` on (the first such when none
 * is named); refused in the policy's words otherwise.
 */
export function organizationToManage(
  v: Visitor,
  organizationId: string | undefined,
  action: Action = INTEGRATION_ACTIONS.create,
): { organization: Membership; actor: Actor } {
  const named = organizationId
    ? v.memberships.filter((m) => m.organizationId === organizationId)
    : v.memberships;
  const allowed = named.find((m) => !refusalIn(v, m, action));
  if (allowed) return { organization: allowed, actor: memberActor(v, allowed) };
  const refusal = named[0] && refusalIn(v, named[0], action);
  throw refusal ? refusedPage(refusal) : refusedAction(action);
}

/**
 * An integration the visitor may take `action` on: 404 when it is not in their organizations,
 * 403 in the policy's words when their grants there do not name the action.
 */
export async function managedIntegration(
  db: Db,
  v: Visitor,
  id: string,
  action: Action,
): Promise<{ integration: OwnedIntegration; organization: Membership; actor: Actor }> {
  const found = await findIntegration(db, id);
  const integration = found && isOwnedIntegration(found) ? found : undefined;
  const organization =
    integration && v.memberships.find((m) => m.organizationId === integration.organizationId);
  if (!integration || !organization) throw new HtmlError(404, 'Not found', 'There is no such integration.');
  const refusal = refusalIn(v, organization, action);
  if (refusal) throw refusedPage(refusal);
  return { integration, organization, actor: memberActor(v, organization) };
}
