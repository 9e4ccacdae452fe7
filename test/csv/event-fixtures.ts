/** A venue for the events import and export tests: spaces, an account and three bookings. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.js';
import { makeOrganization } from '../helpers/factories.js';
import { addSpace, csvFile, importJson } from './csv-fixtures.js';

export { exportOf } from './csv-fixtures.js';

export interface EventVenue {
  org: string;
  /** Takes 100, or 60 set for banquet. */
  hall: string;
  /** Takes 40. */
  deck: string;
  /** BK-00001, definite: its first event "Main event" holds the hall on 2027-06-05 14:00–16:00 UTC. */
  wedding: string;
  /** BK-00002, tentative: the deck on 2027-06-10 08:00–17:00 UTC. */
  conference: string;
  /** BK-00003, definite: no space, 2027-07-01 18:00–23:00 UTC. */
  gala: string;
}

export const EVENT_HEADER =
  'booking_id,booking_reference,name,start_at,end_at,setup_minutes,teardown_minutes,guest_count,guaranteed_count,setup_style,space_ids';

export async function eventVenue(db: Db, env: Record<string, string>): Promise<EventVenue> {
  const org = (await makeOrganization(db)).id;
  assert.equal((await importJson(env, org, 'accounts', csvFile('name\nPier\n'))).imported, 1);
  const hall = await addSpace(db, org, 'Hall', 100);
  await db
    .updateTable('spaces')
    .set({ capacities: JSON.stringify({ banquet: 60 }) })
    .where('id', '=', hall)
    .execute();
  const deck = await addSpace(db, org, 'Deck', 40);
  const bookings = csvFile(
    [
      'name,status,start_at,end_at,account_name,space_ids',
      `Wedding,definite,2027-06-05T14:00:00Z,2027-06-05T16:00:00Z,Pier,${hall}`,
      `Conference,tentative,2027-06-10T08:00:00Z,2027-06-10T17:00:00Z,Pier,${deck}`,
      `Gala,definite,2027-07-01T18:00:00Z,2027-07-01T23:00:00Z,Pier,`,
    ].join('\n'),
  );
  const result = await importJson(env, org, 'bookings', bookings);
  assert.deepEqual(result.errors, []);
  const [wedding, conference, gala] = await db
    .selectFrom('bookings')
    .select('id')
    .where('organization_id', '=', org)
    .orderBy('reference')
    .execute();
  return { org, hall, deck, wedding: wedding!.id, conference: conference!.id, gala: gala!.id };
}

/** The events of an organization, in the order they were made. */
export function eventsOf(db: Db, org: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', org)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type ImportError = { row: number; column: string | null; message: string };

export const described = (errors: unknown) =>
  (errors as ImportError[]).map((e) => `${e.row} ${e.column}: ${e.message}`);
