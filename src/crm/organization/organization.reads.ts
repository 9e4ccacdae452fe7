/** What the pages and the API read of an organization's own settings. */
import type { Db } from '../../db/database.js';
import type { Reads, Versioned } from '../data/reads.js';
import { versionTag } from '../version-tag.js';
import { organizationCodec, type OrganizationRow, type OrganizationValue } from './organization.codec.js';
import { DEFAULT_SENDING_WINDOW, type SendingWindow } from './sending-window.js';

export async function organizationOf(db: Db, organizationId: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst();
}

/**
 * The organization's version tag: its ETag on /v2/organization and the version its settings'
 * forms carry back (If-Match).
 */
export const organizationVersion = (organization: Pick<OrganizationValue, 'id' | 'updatedAt'>) =>
  versionTag('organizations', { id: organization.id, updated_at: organization.updatedAt });

/** The organization's settings as a value, with the version its forms carry; undefined when it is gone. */
export async function findOrganization(
  reads: Reads,
  organizationId: string,
): Promise<Versioned<OrganizationValue> | undefined> {
  const row = await organizationOf(reads.db, organizationId);
  if (!row) return undefined;
  const value = organizationCodec.decode(row);
  return { value, version: organizationVersion(value) };
}

/** The time zone the venue's times are shown in (UTC for an organization that is gone). */
export async function organizationZone(db: Db, organizationId: string): Promise<string> {
  return (await organizationOf(db, organizationId))?.timezone ?? 'UTC';
}

/** The hours its automated mail may go out (the default for an organization that is gone). */
export async function organizationSendingWindow(db: Db, organizationId: string): Promise<SendingWindow> {
  const row = await organizationOf(db, organizationId);
  return row ? organizationCodec.decode(row).sendingWindow : DEFAULT_SENDING_WINDOW;
}
