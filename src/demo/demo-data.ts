/**
 * A believable venue's CRM: companies and couples that book weddings, conferences and galas
 * across the past six months and the coming year, in every status. Deterministic for a given
 * seed so the demo reads the same on every install, but dated relative to today.
 */
import type { Insertable } from 'kysely';
import type { AccountTable } from '../crm/accounts/account.table.js';
import { BOOKING_STATUSES, type BookingTable } from '../crm/bookings/booking.table.js';
import type { ContactTable } from '../crm/contacts/contact.table.js';
import type { NoteTable } from '../crm/notes/note.table.js';
import type { BookingSpaceTable, SpaceTable } from '../crm/spaces/space.table.js';
import { newId } from '../db/ids.js';
import { bookingSpaceRows, demoSpaces, pickRooms, withoutDoubleBookings } from './demo-spaces.js';

const COMPANIES = [
  'Northwind Traders',
  'Bluewater Analytics',
  'Cedar & Pine Architects',
  'Lumen Health',
  'Harbor Credit Union',
  'Atlas Robotics',
  'Saltmarsh Brewing Co.',
  'Meridian Law Group',
  'Kestrel Aviation',
  'Orchard Valley Schools',
  'Tidewater Film Society',
  'Granite Peak Outfitters',
  'Silver Lantern Foundation',
  'Quayside Realty',
  'Redfern Biotech',
  'Copperline Media',
  'Wharf Street Rotary Club',
  'Blue Heron Yacht Club',
  'Evergreen Software',
  "Lighthouse Children's Hospital",
  'Marlowe & Finch',
  'Sable Island Wines',
  'Foundry Ventures',
  'Driftwood Photography',
];
const FIRST_NAMES = [
  'Amara',
  'Ben',
  'Chloe',
  'Diego',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonah',
  'Kavya',
  'Liam',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tess',
  'Umar',
  'Vera',
  'Wes',
  'Yara',
  'Zoe',
];
const LAST_NAMES = [
  'Adeyemi',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fujita',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  "O'Neill",
  'Petrov',
  'Quinn',
  'Rossi',
  'Santos',
  'Tanaka',
];
const TITLES = [
  'Event Coordinator',
  'Office Manager',
  'Executive Assistant',
  'Marketing Director',
  'CEO',
  'HR Lead',
  null,
];
const EVENT_TYPES = [
  ['Wedding', 'Wedding reception', 120, 4_200_000],
  ['Conference', 'Annual conference', 250, 3_800_000],
  ['Gala', 'Fundraising gala', 300, 5_500_000],
  ['Corporate retreat', 'Leadership retreat', 40, 1_200_000],
  ['Birthday', 'Milestone birthday', 60, 650_000],
  ['Product launch', 'Product launch', 150, 2_100_000],
  ['Holiday party', 'Holiday party', 180, 1_900_000],
  ['Workshop', 'Design workshop', 25, 300_000],
] as const;
const LOST_REASONS = ['Chose another venue', 'Budget cut', 'Date unavailable', 'Event cancelled'];

/** mulberry32: a tiny deterministic generator, good enough for sample data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoData {
  spaces: Insertable<SpaceTable>[];
  accounts: Insertable<AccountTable>[];
  contacts: Insertable<ContactTable>[];
  bookings: Insertable<BookingTable>[];
  bookingSpaces: Insertable<BookingSpaceTable>[];
  /** The highest booking number given out (references are BK-00101 onwards). */
  lastBookingNumber: number;
  notes: Insertable<NoteTable>[];
}

const NOTE_TEXTS = [
  'Site visit booked; they want to see the terrace at sunset.',
  'Sent the menu options and the wine list.',
  'Deposit received.',
  'Asked for a hold on the ballroom for the backup date.',
  'AV requirements: two projectors and a lectern microphone.',
  'Dietary needs: 12 vegetarian, 3 gluten-free.',
  'Signed contract returned.',
  'Called to confirm the final guest count next Friday.',
];

export function generateDemoData(
  organizationId: string,
  ownerId: string,
  now = Date.now(),
  seed = 2026,
): DemoData {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const day = 86_400_000;
  const created = (daysAgo: number) => new Date(now - daysAgo * day - Math.floor(rnd() * day)).toISOString();
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

  const accounts: Array<Insertable<AccountTable> & { id: string; name: string; created_at: string }> =
    COMPANIES.map((name, i) => {
      const at = created(400 - i * 7);
      return {
        id: newId(now - (400 - i) * day),
        organization_id: organizationId,
        owner_id: ownerId,
        name,
        email: `events@${slug(name)}.example`,
        phone: `+1 617 555 ${String(1000 + i * 37).slice(-4)}`,
        website: `https://${slug(name)}.example`,
        address_line1: `${10 + i * 13} ${pick(['Harbor', 'Main', 'Elm', 'Water', 'Beacon'])} Street`,
        address_line2: null,
        city: pick(['Boston', 'Cambridge', 'Salem', 'Quincy']),
        region: 'MA',
        postal_code: `02${String(100 + i * 3)}`,
        country: 'US',
        created_at: at,
        updated_at: at,
      };
    });

  // The last eight contacts book for themselves (couples, families): each has a person account
  // of their own, named after them, as a booking needs an account.
  const contacts = Array.from({ length: 40 }, (_, i) => {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const company = i < 32 ? accounts[i % accounts.length] : undefined;
    const at = created(380 - i * 8);
    const email = `${slug(first)}.${slug(last)}@${company ? slug(company.name) : 'mail'}.example`;
    const phone = `+1 617 555 ${String(2000 + i * 41).slice(-4)}`;
    const person = company
      ? undefined
      : {
          ...accounts[0]!,
          id: newId(now - (380 - i) * day - 1),
          name: `${first} ${last}`,
          email,
          phone,
          website: null,
          address_line1: null,
          created_at: at,
          updated_at: at,
        };
    if (person) accounts.push(person);
    return {
      id: newId(now - (380 - i) * day),
      organization_id: organizationId,
      account_id: (company ?? person)!.id,
      first_name: first,
      last_name: last,
      email,
      phone,
      title: company ? pick(TITLES) : null,
      created_at: at,
      updated_at: at,
    };
  });

  const spaces = demoSpaces(organizationId, created(420));
  const generated = Array.from({ length: 72 }, (_, i) => {
    // Spread events from six months ago to a year ahead; past events are mostly closed or lost.
    const offsetDays = Math.round(-180 + (i * 545) / 72 + rnd() * 6);
    const isPast = offsetDays < 0;
    const status = isPast
      ? rnd() < 0.8
        ? 'closed'
        : 'lost'
      : pick(BOOKING_STATUSES.filter((s) => s !== 'closed'));
    const [eventType, label, guests, amount] = pick(EVENT_TYPES);
    const contact = contacts[(i * 7) % contacts.length]!;
    const account = accounts.find((a) => a.id === contact.account_id)!;
    const start = new Date(now + offsetDays * day);
    start.setUTCHours(pick([14, 17, 22, 23]), 0, 0, 0);
    const hours = eventType === 'Conference' || eventType === 'Corporate retreat' ? 9 : 5;
    const at = created(Math.max(1, Math.min(400, 60 - offsetDays / 2 + rnd() * 30)));
    return {
      id: newId(Date.parse(at)),
      organization_id: organizationId,
      reference: `BK-${String(101 + i).padStart(5, '0')}`,
      name: `${account.name} ${label}`,
      status,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + hours * 3_600_000).toISOString(),
      timezone: 'America/New_York',
      guest_count: Math.round(guests * (0.6 + rnd() * 0.8)),
      event_type: eventType,
      space_ids: '[]',
      currency: 'USD',
      total_amount: Math.round((amount * (0.7 + rnd() * 0.6)) / 100) * 100,
      lost_reason: status === 'lost' ? pick(LOST_REASONS) : null,
      account_id: account.id,
      contact_id: contact.id,
      owner_id: ownerId,
      created_at: at,
      updated_at: at,
    } satisfies Insertable<BookingTable>;
  });
  const bookings = withoutDoubleBookings(generated.map((b) => pickRooms(b, spaces, rnd)));

  // A few notes on the most recent bookings and some accounts, as the team would leave them.
  const notes = [
    ...bookings.slice(-16).map((b, i) => ({ type: 'bookings' as const, id: b.id, at: b.created_at, i })),
    ...accounts
      .slice(0, 8)
      .map((a, i) => ({ type: 'accounts' as const, id: a.id, at: a.created_at, i: i + 16 })),
  ].map(({ type, id, at, i }) => {
    const written = new Date(Math.min(now, Date.parse(String(at)) + (1 + (i % 5)) * day)).toISOString();
    return {
      id: newId(Date.parse(written)),
      organization_id: organizationId,
      notable_type: type,
      notable_id: String(id),
      author_id: ownerId,
      body: NOTE_TEXTS[i % NOTE_TEXTS.length]!,
      created_at: written,
      updated_at: written,
    } satisfies Insertable<NoteTable>;
  });

  return {
    spaces,
    accounts,
    contacts,
    bookings,
    bookingSpaces: bookingSpaceRows(bookings),
    lastBookingNumber: 100 + bookings.length,
    notes,
  };
}
