/**
 * Who makes a change to an organization's data, whichever door it comes through (an API token,
 * a staff page, a CSV import): the organization, the user (none for an import) and their role.
 */
import type { Role } from './identity.table.js';

export interface Actor {
  organizationId: string;
  /** The user acting; null when no person does (an import). */
  userId: string | null;
  role: Role;
}
