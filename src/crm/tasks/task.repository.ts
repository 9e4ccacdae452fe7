/** What the task rules and notices read beside a task: the venue's zone, members, bookings. */
import type { Db, Trx } from '../../db/database.js';

/** The venue's time zone (UTC for an organization that is gone). */
export async function zoneOf(db: Db | Trx, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('timezone')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

/**
 * A member of the organization by user id: their address, name and choice of task e-mails;
 * undefined when not a member.
 */
export async function memberOf(db: Db | Trx, organizationId: string, userId: string) {
  // No user's id holds a NUL (which PostgreSQL cannot read): such an id names nobody.
  if (userId.includes('\u0000')) return undefined;
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name', 'm.task_emails'])
    .where('m.organization_id', '=', organizationId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** A booking's name and reference, when it is the organization's. */
export async function bookingNameOf(db: Db | Trx, organizationId: string, bookingId: string) {
  return db
    .selectFrom('bookings')
    .select(['name', 'reference'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
}
