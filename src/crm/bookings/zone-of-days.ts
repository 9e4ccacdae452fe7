/**
 * The organization's time zone, in which a booking given by its days alone (SPEC §15) is read
 * unless it names its own; for any other input the answer is 'UTC' and goes unused.
 */
import type { Db, Trx } from '../../db/database.js';
import type { BookingInput } from './booking-rules.js';

export async function zoneOfDays(db: Db | Trx, organizationId: string, input: BookingInput): Promise<string> {
  if (input.timezone !== undefined || (input.start_date === undefined && input.end_date === undefined))
    return 'UTC';
  const organization = await db
    .selectFrom('organizations')
    .select('timezone')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return organization?.timezone ?? 'UTC';
}
