/**
 * Who makes a change to an organization's data, whichever door it comes through (an API token
 * or key, a staff page, a CSV import, the command line, the server's own clock, a client's
 * document link): the organization, the user (none for an import, the clock or a client) and
 * their role, and the door itself, which a command may ask about and which a booking records as
 * its `source`. A client's link is an authority of its own: the one document it opens.
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
  /**
   * What a client's link (the `portal` door) may act on: its one document and that document's
   * booking; absent at every other door.
   */
  authority?: { documentId: string; bookingId: string } | undefined;
}
