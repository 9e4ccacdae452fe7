/**
 * Who makes a change to an organization's data, whichever door it comes through (an API token
 * or key, a staff page, a CSV import, the command line, the server's own clock, a client's
 * document link, the inquiry form, an assistant): the organization, the user (none for an import,
 * the clock or a client) and their role, the door itself, which a booking records as its
 * `source`, and what the actor may do: its grants, computed here once, at the door, from the
 * role and the scopes of a staff member's credential or from the one capability of a door for
 * people without an account (docs/decisions/0016-grants-and-policy.md). The unit of work judges
 * every command by the grants alone.
 */
import { type Grants, grantsOf, NO_GRANTS } from './grants.js';
import { READER_GRANTS, type RoleName as Role, ROLES } from './roles.js';

/** The ways in to an organization's data. */
export type Door =
  'api' | 'workspace' | 'import' | 'cli' | 'system' | 'portal' | 'inquiry_form' | 'assistant' | 'mailbox';

export interface Actor {
  organizationId: string;
  /** The user acting; null when no person does (an import, the server's clock). */
  userId: string | null;
  role: Role;
  door: Door;
  /** What the actor may do (src/policy): nothing a grant does not name. */
  grants: Grants;
  /**
   * What a client's link (the `portal` door) may act on: its one document and that document's
   * booking; absent at every other door.
   */
  authority?: { documentId: string; bookingId: string } | undefined;
}

/** What a staff member's role grants through a credential with these scopes (none: a page, all of it). */
export function staffGrants(role: Role, scopes?: readonly string[]): Grants {
  if (scopes !== undefined && !scopes.includes('crm_manage'))
    return scopes.includes('crm_read') ? READER_GRANTS : NO_GRANTS;
  return ROLES[role].grants;
}

/** A member of the organization at a staff door: a page, the API, an assistant. */
export function staffActor(facts: {
  organizationId: string;
  userId: string | null;
  role: Role;
  door: 'workspace' | 'api' | 'assistant' | 'system';
  /** The scopes of the token or key it came with; absent at the workspace's pages. */
  scopes?: readonly string[] | undefined;
}): Actor {
  const { organizationId, userId, role, door, scopes } = facts;
  return { organizationId, userId, role, door, grants: staffGrants(role, scopes) };
}

/** A client's document link: it may sign its one document, and nothing else. */
export function clientActor(organizationId: string, documentId: string, bookingId: string): Actor {
  return {
    organizationId,
    userId: null,
    role: 'member',
    door: 'portal',
    grants: Object.freeze([Object.freeze({ action: 'documents.sign', on: documentId })]),
    authority: { documentId, bookingId },
  };
}

/** The public inquiry form: it may take an inquiry (a lead), and nothing else. */
export function inquiryActor(organizationId: string): Actor {
  return {
    organizationId,
    userId: null,
    role: 'member',
    door: 'inquiry_form',
    grants: grantsOf(['inquiries.take']),
  };
}

/** The server's own clock: it finishes what an earlier write began, and nothing else. */
export function systemActor(organizationId: string): Actor {
  return { organizationId, userId: null, role: 'admin', door: 'system', grants: grantsOf(['system.*']) };
}

/** The venue's automations (SPEC §18): they start their runs and run their steps, and nothing else. */
export function automationActor(organizationId: string): Actor {
  return {
    organizationId,
    userId: null,
    role: 'member',
    door: 'system',
    grants: grantsOf(['automation_runs.enroll', 'automation_runs.advance']),
  };
}

/** The operator at the command line: an admin of every organization, and its team's manager. */
export function operatorActor(organizationId: string): Actor {
  return { organizationId, userId: null, role: 'admin', door: 'cli', grants: ROLES.admin.grants };
}

/**
 * A CSV import: no user (owners are those the file names), with the grants of whoever started it
 * (an admin's page, the operator).
 */
export function importActor(organizationId: string, grants: Grants): Actor {
  return { organizationId, userId: null, role: 'admin', door: 'import', grants };
}

/** The venue's mailbox, read by the server (SPEC §17): it files the mail it reads, and nothing else. */
export function mailboxActor(organizationId: string): Actor {
  return {
    organizationId,
    userId: null,
    role: 'member',
    door: 'mailbox',
    grants: grantsOf(['messages.receive']),
  };
}
