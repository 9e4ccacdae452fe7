/**
 * What an actor may do, computed once at the door that let it in (docs/decisions/0016): from a
 * staff member's role (roles.ts) and the scopes of their token or key, or from the one capability
 * of a door for people without an account (a client's link signs its one document; the inquiry
 * form takes an inquiry). Nothing is allowed that a grant does not name.
 */

/** One thing an actor may do: an action (`documents.sign`) or a kind's every action (`spaces.*`). */
export interface Grant {
  readonly action: string;
  /** Only on this record (a client's link: its own document); absent, on any of the organization's. */
  readonly on?: string;
}

export type Grants = readonly Grant[];

/** What an actor holds when nothing was granted: every command is refused. */
export const NO_GRANTS: Grants = Object.freeze([]);

function matches(pattern: string, action: string): boolean {
  return pattern === action || (pattern.endsWith('.*') && action.startsWith(pattern.slice(0, -1)));
}

/** Whether `grants` let an actor take `action` on `subject` (the record a command acts on, if it names one). */
export function grantsAllow(grants: Grants, action: string, subject: string | undefined): boolean {
  return grants.some(
    (grant) => matches(grant.action, action) && (grant.on === undefined || grant.on === subject),
  );
}

/** Grants of these actions on any record. */
export function grantsOf(patterns: readonly string[]): Grants {
  return Object.freeze(patterns.map((action) => Object.freeze({ action })));
}
