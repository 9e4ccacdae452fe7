/**
 * Data for the benchmark's uncached and many-organization loads: a venue whose one booking
 * carries 2,000 notes (the distinct-page load walks them in many sizes and sorts), and 50 small
 * venues (each connection of the 50-organization load acts in its own).
 */
import type { Db } from '../src/db/database.js';
import { isoTime } from '../src/clock.js';
import { newId } from '../src/db/ids.js';
import { createOrganization } from '../src/identity/identity.service.js';

export const NOTE_COUNT = 2000;
export const VENUE_COUNT = 50;

/** A definite one-room booking of the benchmark's data, the `n`th of its venue, at `at`. */
export function benchBooking(organizationId: string, n: number, at: string, name = `Event ${n}`) {
  return {
    id: newId(Date.parse(at)),
    organization_id: organizationId,
    reference: `BK-${String(n).padStart(7, '0')}`,
    name,
    status: 'definite' as const,
    start_at: at,
    end_at: at,
    timezone: 'UTC',
    guest_count: 10,
    event_type: 'Conference',
    currency: 'USD',
    total_amount: 1000,
    lost_reason: null,
    account_id: null,
    contact_id: null,
    owner_id: null,
    created_at: at,
    updated_at: at,
  };
}

async function booking(db: Db, organizationId: string, n: number, at: string): Promise<string> {
  const row = benchBooking(organizationId, n, at);
  await db.insertInto('bookings').values(row).execute();
  return row.id;
}

export interface LoadData {
  notesOrg: string;
  notesBooking: string;
  /** Comma-separated organization ids, each with 30 bookings. */
  venues: string;
  /** A booking of each venue, in the same order. */
  venueBookings: string;
}

export async function seedLoads(db: Db, authorId: string): Promise<LoadData> {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const notesOrg = (await createOrganization(db, 'Notes venue')).id;
  const notesBooking = await booking(db, notesOrg, 1, isoTime(start));
  for (let i = 0; i < NOTE_COUNT; i += 250) {
    await db
      .insertInto('notes')
      .values(
        Array.from({ length: 250 }, (_, j) => {
          const n = i + j;
          // updated_at runs in another order than created_at, so the two sorts page differently.
          return {
            id: newId(start + n * 1000),
            organization_id: notesOrg,
            notable_type: 'bookings' as const,
            notable_id: notesBooking,
            author_id: authorId,
            body: `Note ${n}: called the client about catering, rooms and the running order.`,
            for_beo: 0,
            created_at: isoTime(start + n * 1000),
            updated_at: isoTime(start + ((n * 7919) % NOTE_COUNT) * 1000 + 500),
          };
        }),
      )
      .execute();
  }
  const venues: string[] = [];
  const venueBookings: string[] = [];
  for (let v = 0; v < VENUE_COUNT; v++) {
    const org = (await createOrganization(db, `Venue ${v}`)).id;
    venues.push(org);
    for (let n = 0; n < 30; n++) {
      const id = await booking(db, org, n, isoTime(start + n * 60_000));
      if (n === 0) venueBookings.push(id);
    }
  }
  return { notesOrg, notesBooking, venues: venues.join(','), venueBookings: venueBookings.join(',') };
}
