/**
 * A believable venue's CRM: companies and couples that book weddings, conferences and galas
 * across the past year and the coming one, in every status, each booking held by its events
 * in the venue's spaces (demo-bookings.ts), with the current and next week as busy as a working
 * venue's. Deterministic for a given seed and instant, so the demo reads the same on every
 * install, but dated relative to the instant it is made.
 */
import type { Insertable } from 'kysely';
import type { AccountTable } from '../crm/accounts/account.table.js';
import { checkBooking } from '../crm/bookings/index.js';
import type { ContactTable } from '../crm/contacts/contact.table.js';
import type { EventType } from '../crm/event-types/event-type.table.js';
import { checkEvent } from '../crm/events/index.js';
import type { Event } from '../crm/events/event.table.js';
import { spacesById, venueFacts } from '../crm/facts.js';
import type { NoteTable } from '../crm/notes/note.table.js';
import type { SpacePartTable, SpaceTable } from '../crm/spaces/space.table.js';
import { type Checked, refusalOfProblems } from '../crm/validation.js';
import { newId } from '../db/ids.js';
import { type Booker, type DemoBooking, demoBookings } from './demo-bookings.js';
import { PROGRAMS } from './demo-programs.js';
import { demoSpaces } from './demo-spaces.js';

/** The demo venue is in Boston: its pages show Boston's times, its bookings are in dollars. */
export const DEMO_ZONE = 'America/New_York';

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
const COMPANY_CONTACTS = 32;
const CONTACTS = 64;
const EVENT_NOTE_TEXTS = [
  'Band sets up at five; first dance at 20:30.',
  'Cake arrives at 15:00 and needs a table beside the dance floor.',
  'Two high chairs and a quiet corner for the grandparents.',
];

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
  spaces: Array<Insertable<SpaceTable>>;
  spaceParts: Array<Insertable<SpacePartTable>>;
  /** The kinds of event the venue holds, named by its bookings' events. */
  eventTypes: EventType[];
  accounts: Insertable<AccountTable>[];
  contacts: Insertable<ContactTable>[];
  /** Each with its events, in the order they were booked (references BK-00101 onwards). */
  bookings: DemoBooking[];
  /** The highest booking number given out. */
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
  now: number,
  seed = 2026,
): DemoData {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const day = 86_400_000;
  const created = (daysAgo: number) => new Date(now - daysAgo * day - Math.floor(rnd() * day)).toISOString();
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

  const accounts: Array<Insertable<AccountTable> & { id: string; name: string; created_at: string }> =
    COMPANIES.map((name, i) => {
      // Customers since before the year of bookings the demo goes back.
      const at = created(560 - i * 7);
      return {
        id: newId(now - (560 - i) * day),
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
        custom_fields: '{}',
        created_at: at,
        updated_at: at,
      };
    });

  // The last contacts book for themselves (couples, families): each has a person account of
  // their own, named after them, as a booking needs an account.
  const named = new Set<string>();
  const contacts = Array.from({ length: CONTACTS }, (_, i) => {
    let [first, last] = [pick(FIRST_NAMES), pick(LAST_NAMES)];
    while (named.has(`${first} ${last}`)) [first, last] = [pick(FIRST_NAMES), pick(LAST_NAMES)];
    named.add(`${first} ${last}`);
    const company = i < COMPANY_CONTACTS ? accounts[i % accounts.length] : undefined;
    const at = created(540 - i * 3);
    const email = `${slug(first)}.${slug(last)}@${company ? slug(company.name) : 'mail'}.example`;
    const phone = `+1 617 555 ${String(2000 + i * 41).slice(-4)}`;
    const person = company
      ? undefined
      : {
          ...accounts[0]!,
          id: newId(now - (540 - i) * day - 1),
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
      id: newId(now - (540 - i) * day),
      organization_id: organizationId,
      account_id: (company ?? person)!.id,
      first_name: first,
      last_name: last,
      email,
      phone,
      title: company ? pick(TITLES) : null,
      custom_fields: '{}',
      created_at: at,
      updated_at: at,
    };
  });
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  const turns = { company: 0, person: 0 };
  const booker = (personal: boolean): Booker => {
    const contact = personal
      ? contacts[COMPANY_CONTACTS + (turns.person++ % (CONTACTS - COMPANY_CONTACTS))]!
      : contacts[(turns.company++ * 7) % COMPANY_CONTACTS]!;
    return {
      contactId: contact.id,
      accountId: contact.account_id,
      accountName: accountName.get(contact.account_id)!,
    };
  };

  const spaces = demoSpaces(organizationId, created(600));
  const facts = spacesById(spaces.rows);
  const typesAt = created(600);
  const eventTypes = [...new Set(Object.values(PROGRAMS).map((p) => p.eventType))].map((value, i) => ({
    id: newId(Date.parse(typesAt) + i),
    organization_id: organizationId,
    value,
    created_at: typesAt,
    updated_at: typesAt,
  }));
  const eventTypeId = (value: string) => eventTypes.find((t) => t.value === value)!.id;
  const bookings = demoBookings(
    { organizationId, ownerId, now, zone: DEMO_ZONE, spaces, facts, rnd, eventTypeId, booker },
    random(seed + 1),
  );
  // Each as the API's rules judge it unchanged: a refusal here is a demo that breaks its own rules.
  const known = venueFacts(ownerId, {
    accounts: new Set(accounts.map((a) => a.id)),
    contacts: new Set(contacts.map((c) => c.id)),
    members: new Set([ownerId]),
    spaces: facts,
  });
  for (const { events, ...booking } of bookings) {
    keptToRules(checkBooking({}, booking, known, events.length));
    for (const event of events) keptToRules(checkEvent({}, event, { booking, spaces: facts, eventTypes }));
  }

  return {
    spaces: spaces.rows,
    spaceParts: spaces.parts,
    eventTypes,
    accounts,
    contacts,
    bookings,
    lastBookingNumber: 100 + bookings.length,
    notes: demoNotes(organizationId, ownerId, now, bookings, accounts),
  };
}

/** A few notes on the latest bookings, the next wedding dinners and some accounts, as the team would leave them. */
function demoNotes(
  organizationId: string,
  ownerId: string,
  now: number,
  bookings: readonly DemoBooking[],
  accounts: ReadonlyArray<{ id: string; created_at: string }>,
): Array<Insertable<NoteTable>> {
  const day = 86_400_000;
  const ahead = new Date(now).toISOString();
  const dinners = bookings
    .filter((b) => b.event_type === 'Wedding' && b.status === 'definite')
    .flatMap((b) => b.events.filter((e: Event) => e.name === 'Dinner' && e.start_at > ahead))
    .sort((a, b) => (a.start_at < b.start_at ? -1 : 1))
    .slice(0, EVENT_NOTE_TEXTS.length);
  return [
    ...bookings.slice(-16).map((b, i) => ({
      type: 'bookings' as const,
      id: b.id,
      at: b.created_at,
      text: NOTE_TEXTS[i % NOTE_TEXTS.length]!,
      i,
    })),
    ...accounts.slice(0, 8).map((a, i) => ({
      type: 'accounts' as const,
      id: a.id,
      at: a.created_at,
      text: NOTE_TEXTS[(i + 16) % NOTE_TEXTS.length]!,
      i: i + 16,
    })),
    ...dinners.map((e, i) => ({
      type: 'events' as const,
      id: e.id,
      at: e.created_at,
      text: EVENT_NOTE_TEXTS[i]!,
      i,
    })),
  ].map(({ type, id, at, text, i }) => {
    const written = new Date(Math.min(now, Date.parse(at) + (1 + (i % 5)) * day)).toISOString();
    return {
      id: newId(Date.parse(written)),
      organization_id: organizationId,
      notable_type: type,
      notable_id: id,
      author_id: ownerId,
      body: text,
      // The notes about a dinner are the kitchen's and the floor's: they print on its BEO.
      for_beo: type === 'events' ? 1 : 0,
      created_at: written,
      updated_at: written,
    };
  });
}

/** Throws the rules' refusal (their 422) of demo data: the demo broke its own rules. */
function keptToRules(checked: Checked<unknown>): void {
  const refused = refusalOfProblems(checked);
  if (refused) throw refused.asError();
}
