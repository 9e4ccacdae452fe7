/** What the pages and the API read of an organization's own settings. */
import type { Db } from '../../db/database.js';
import type { SendingWindow } from './sending-window.js';
import type { OrganizationRow } from './organization.resource.js';
import { sendingWindowOf } from './sending-window.js';

export async function organizationOf(db: Db, organizationId: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst();
}

/** The time zone the venue's times are shown in (UTC for an organization that is gone). */
export async function organizationZone(db: Db, organizationId: string): Promise<string> {
  return (await organizationOf(db, organizationId))?.timezone ?? 'UTC';
}

/** The hours its automated mail may go out (the default for an organization that is gone). */
export async function organizationSendingWindow(db: Db, organizationId: string): Promise<SendingWindow> {
  return sendingWindowOf((await organizationOf(db, organizationId))?.sending_window);
}
