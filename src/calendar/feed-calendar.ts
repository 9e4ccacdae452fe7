/**
 * A feed's calendar (RFC 5545), built with ical-generator: one VEVENT per event from 90 days back
 * to two years ahead, lost bookings left out. UID is the event's id (stable), SUMMARY "Booking —
 * Event", LOCATION its spaces, DTSTART/DTEND in UTC, STATUS TENTATIVE (lead, tentative) or
 * CONFIRMED (definite, closed), URL its booking's page, LAST-MODIFIED and DTSTAMP its last change,
 * SEQUENCE the seconds from 2020 to it (a change makes it larger). The same data gives the same
 * bytes, so the feed's ETag is their hash.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Db } from '../db/database.js';
import { spacesOf } from '../crm/facts.js';
import { occupied } from '../crm/events/index.js';
import type { CalendarFeedTable } from './calendar-feed.table.js';
import { spaceIds } from '../crm/data/row-mappers.js';

const DAY = 86_400_000;
const SEQUENCE_EPOCH = Date.parse('2020-01-01T00:00:00Z');

interface FeedEvent {
  id: string;
  name: string;
  start_at: string;
  end_at: string;
  status: string;
  updated_at: string;
  space_ids: string;
  booking_id: string;
  booking_reference: string;
  booking_name: string;
}

/** The events a feed shows at `now`. */
async function feedEvents(db: Db, feed: CalendarFeedTable, now: number): Promise<FeedEvent[]> {
  let query = db
    .selectFrom('events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .select([
      'e.id',
      'e.name',
      'e.start_at',
      'e.end_at',
      'e.status',
      'e.updated_at',
      'e.space_ids',
      'e.booking_id',
      'b.reference as booking_reference',
      'b.name as booking_name',
    ])
    .where('e.organization_id', '=', feed.organization_id)
    .where('e.status', '<>', 'lost')
    .where('e.start_at', '<', new Date(now + 730 * DAY).toISOString())
    .where('e.end_at', '>', new Date(now - 90 * DAY).toISOString())
    .orderBy('e.start_at')
    .orderBy('e.id');
  if (feed.scope === 'mine') query = query.where('b.owner_id', '=', feed.user_id);
  if (feed.scope === 'space' && feed.space_id) {
    // Events in the space, in a combined space it is part of, or in one of its parts.
    const spaces = await spacesOf(db, feed.organization_id);
    const mine = occupied([feed.space_id], spaces);
    const touching = [...spaces.keys()].filter((id) => [...occupied([id], spaces)].some((s) => mine.has(s)));
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_spaces as es')
          .select('es.event_id')
          .whereRef('es.event_id', '=', 'e.id')
          .where('es.space_id', 'in', touching),
      ),
    );
  }
  return query.execute();
}

/** TEXT as RFC 5545 §3.3.11 escapes it: backslash, semicolon, comma and line breaks. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

export interface FeedNames {
  baseUrl: string;
  venue: string;
  /** What the feed shows, for its name: "Whole venue", a space's name, "My bookings". */
  label: string;
}

/** The feed's calendar as text. */
export async function feedCalendar(
  db: Db,
  feed: CalendarFeedTable,
  names: FeedNames,
  now: number,
): Promise<string> {
  const [events, spaces] = await Promise.all([feedEvents(db, feed, now), spacesOf(db, feed.organization_id)]);
  const calendar = ical({
    // ical-generator writes the calendar's name as given: it is TEXT (RFC 7986), escaped here.
    name: escapeText(`${names.venue} — ${names.label}`),
    prodId: { company: 'Marquee', product: 'Calendar feeds', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });
  for (const event of events) {
    const changed = new Date(event.updated_at);
    const rooms = spaceIds(event).flatMap((id) => spaces.get(id)?.name ?? []);
    calendar.createEvent({
      id: `${event.id}@marquee`,
      start: new Date(event.start_at),
      end: new Date(event.end_at),
      summary: `${event.booking_name} — ${event.name}`,
      description: event.booking_reference,
      location: rooms.join(', ') || null,
      url: `${names.baseUrl}/orgs/${feed.organization_id}/bookings/${event.booking_id}`,
      status:
        event.status === 'definite' || event.status === 'closed'
          ? ICalEventStatus.CONFIRMED
          : ICalEventStatus.TENTATIVE,
      stamp: changed,
      lastModified: changed,
      sequence: Math.max(0, Math.floor((changed.getTime() - SEQUENCE_EPOCH) / 1000)),
    });
  }
  return calendar.toString();
}
