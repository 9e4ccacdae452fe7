/**
 * Who makes a change to an organization's data, whichever door it comes through (an API token
 * or key, a staff page, a CSV import, the command line, the server's own clock): the
 * organization, the user (none for an import or the clock) and their role, and the door itself,
 * which a command may ask about and which a booking records as its `source`.
 */
import type { Role } from './identity.table.js';

/** The ways in to an organization's data. */
export type Door =
  'api' | 'workspace' | 'import' | 'cli' | 'system' | 'portal' | 'inquiry_form' | 'assistant';

export interface Actor {
  organizationId: string;
  /** The user acting; null when no person does (an import, the server's clock). */
  userId: string | null;
  role: Role;
  door: Door;
}
