/**
 * What the server's own clock does (the system door): it finishes what an earlier write began
 * (src/crm/follow-ups.ts), brings payment schedules up to date and keeps what the reading of a
 * venue's mailbox came to (src/mail/inbound); nobody else is granted these.
 */
import { defineActions } from './action.js';

export const SYSTEM_ACTIONS = defineActions(
  'system',
  { follow_up: {}, refresh_schedules: {}, mailbox_state: {} },
  'Only the server’s own clock does this.',
);

/** A CSV import (SPEC §10): an admin's, or the operator's at the command line. */
export const IMPORT_ACTIONS = defineActions('imports', { run: {} }, 'Only organization admins may import.');

/** A CSV export of the organization's records (SPEC §10) from the workspace: its admins'. */
export const EXPORT_ACTIONS = defineActions('exports', { run: {} }, 'Only organization admins may export.');
