/**
 * The events venue of the benchmark (SPEC §11): 30 spaces (a ballroom combined of three salons,
 * a shareable lawn, rooms of 10 to 300 guests with capacities by setup style) and 1,000,000
 * events over about thirty years (a venue of 30 spaces holding each about three times a day is
 * that many years of events), as the write path would have left them:
 * - a space holds at most one definite (or closed) booking's event at a time, and the ballroom
 *   none while a salon is held, nor a salon while the ballroom is (the lawn is shared);
 * - bookings of 1 to 9 events (sessions of a day, days of a conference, or one all-day event),
 *   each booking's start, end, guests and spaces derived from its events (booking-derivation.ts);
 * - options (lead, tentative) and lost bookings over the same times, which hold but never take;
 * - event_spaces with occupied_from/occupied_until (setup and teardown counted), booking_spaces,
 *   and the organization's booking counter and longest hold.
 * Rows go straight into the tables in large transactions (the tables' triggers keep the search
 * index and the cache scopes as the write path would): a prepared statement per row on SQLite,
 * arrays unnested in statements of 5,000 rows on PostgreSQL.
 * It also returns what the loads need: the spaces, the days the events cover, events that
 * PATCHes move (the only event of a definite booking), times each could move to that nothing
 * definite holds, and times a definite event holds (a PATCH there is a 409).
 */
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { isoTime } from '../src/clock.js';
import { SQLITE_FILE_NAME } from '../src/db/connect.js';
import { newId } from '../src/db/ids.js';
import { wallClockOf } from '../src/wall-clock.js';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The first day of events; the last follows from how many there are. */
const FIRST_EVENTS_DAY = Date.parse('2000-01-03T00:00:00Z');
/** Before it, most definite bookings are closed (their events happened). */
const CLOSED_EVENTS_BEFORE = Date.parse('2026-01-01T00:00:00Z');

/** A deterministic generator (mulberry32), so every run seeds the same venue. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchSpace {
  id: string;
  name: string;
  capacity: number;
  capacities: Record<string, number>;
  shareable: boolean;
  parts: string[];
}

/** Morning, afternoon and evening: an event's times and its setup and teardown, in minutes of the day. */
const SLOTS = [
  { start: 8 * 60, end: 12 * 60, setup: 60, teardown: 30 },
  { start: 13 * 60 + 30, end: 17 * 60 + 15, setup: 30, teardown: 45 },
  { start: 19 * 60, end: 23 * 60, setup: 60, teardown: 60 },
] as const;
/** One event all day, from 06:00 to 00:30 with setup and teardown. */
const ALL_DAY = { start: 8 * 60, end: 23 * 60, setup: 120, teardown: 90 } as const;

type Times = { start: number; end: number; setup: number; teardown: number };

const ROOMS = [
  'Library',
  'Gallery',
  'Conservatory',
  'Orangery',
  'Long Room',
  'Terrace Room',
  'Cellar',
  'Loft',
  'Chapel',
  'Garden Room',
  'Drawing Room',
  'Music Room',
  'Map Room',
  'Study',
  'Atrium',
  'Boardroom 1',
  'Boardroom 2',
  'Boardroom 3',
  'Meeting Room 1',
  'Meeting Room 2',
  'Meeting Room 3',
  'Meeting Room 4',
  'Meeting Room 5',
  'Meeting Room 6',
  'Pavilion',
];
const STYLES = ['banquet', 'theatre', 'classroom', 'reception', 'boardroom', 'cabaret'] as const;
const KINDS = [
  ['Wedding', ['Ceremony', 'Drinks reception', 'Wedding breakfast']],
  ['Conference', ['Plenary', 'Workshops', 'Conference dinner']],
  ['Meeting', ['Board meeting', 'Working lunch', 'Strategy session']],
  ['Gala', ['Arrivals', 'Gala dinner', 'Dancing']],
  ['Training', ['Morning course', 'Afternoon course', 'Evening lecture']],
] as const;

function makeSpaces(next: () => number, now: number): BenchSpace[] {
  const id = () => newId(now);
  const capacities = (capacity: number): Record<string, number> => ({
    theatre: capacity,
    banquet: Math.floor(capacity * 0.6),
    classroom: Math.floor(capacity * 0.45),
    reception: Math.floor(capacity * 1.2),
    cabaret: Math.floor(capacity * 0.5),
    boardroom: Math.min(30, Math.floor(capacity * 0.3)),
  });
  const salons = ['Salon A', 'Salon B', 'Salon C'].map((name) => ({
    id: id(),
    name,
    capacity: 150,
    capacities: capacities(150),
    shareable: false,
    parts: [],
  }));
  const ballroom = {
    id: id(),
    name: 'Ballroom',
    capacity: 450,
    capacities: capacities(450),
    shareable: false,
    parts: salons.map((s) => s.id),
  };
  const lawn = { id: id(), name: 'Lawn', capacity: 400, capacities: {}, shareable: true, parts: [] };
  const rooms = ROOMS.map((name) => {
    const capacity = name.startsWith('Boardroom') ? 16 : 20 + Math.floor(next() * 28) * 10;
    return { id: id(), name, capacity, capacities: capacities(capacity), shareable: false, parts: [] };
  });
  // The ballroom first: the days are filled in this order.
  return [ballroom, ...salons, lawn, ...rooms];
}

export interface EventVenue {
  /** Spaces by id, with their capacities (the loads ask for guests that fit some). */
  spaces: BenchSpace[];
  /** The first and the last day with events (ISO). */
  firstDay: string;
  lastDay: string;
  events: number;
  bookings: number;
  longestHoldMinutes: number;
  /** Events a PATCH moves: each its definite booking's only event (spread over the years). */
  movable: string[];
  /** Where a moved event may go: a space and a day and slot no definite event holds. */
  freeCells: Array<[spaceId: string, day: string, slot: number]>;
  /** A space and a day and slot a definite event (not a movable one) holds: a move there is a 409. */
  takenCells: Array<[spaceId: string, day: string, slot: number]>;
}

/** The columns of each table, in the order the generator gives them. */
/** The bookings' zone, and an event's wall-clock dates and times in it (src/wall-clock.ts). */
const ZONE = 'Europe/London';
function wallClockRow(startAt: string, endAt: string) {
  const wall = wallClockOf({ start_at: startAt, end_at: endAt, all_day: 0 }, ZONE);
  return [wall.start_date, wall.end_date, wall.start_time, wall.end_time];
}

const COLUMNS = {
  bookings: [
    'id',
    'organization_id',
    'reference',
    'name',
    'status',
    'start_at',
    'end_at',
    'timezone',
    'guest_count',
    'event_type',
    'space_ids',
    'currency',
    'total_amount',
    'lost_reason',
    'account_id',
    'contact_id',
    'owner_id',
    'created_at',
    'updated_at',
  ],
  booking_spaces: ['booking_id', 'space_id'],
  events: [
    'id',
    'organization_id',
    'booking_id',
    'name',
    'status',
    'start_at',
    'end_at',
    'setup_minutes',
    'teardown_minutes',
    'guest_count',
    'guaranteed_count',
    'setup_style',
    'space_ids',
    'start_date',
    'end_date',
    'start_time',
    'end_time',
    'created_at',
    'updated_at',
  ],
  event_spaces: [
    'event_id',
    'space_id',
    'organization_id',
    'booking_id',
    'status',
    'occupied_from',
    'occupied_until',
  ],
} as const;
type Table = keyof typeof COLUMNS;
type Value = string | number | null;

/** PostgreSQL array types of the columns (the rest are text). */
const PG_TYPES: Record<string, string> = {
  start_at: 'timestamptz',
  end_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  occupied_from: 'timestamptz',
  occupied_until: 'timestamptz',
  guest_count: 'integer',
  total_amount: 'integer',
  setup_minutes: 'integer',
  teardown_minutes: 'integer',
  guaranteed_count: 'integer',
};

/** Writes rows of the four tables in transactions of many rows. */
interface Writer {
  add(table: Table, row: Value[]): void;
  /** Writes what was added once there is enough of it (called between bookings). */
  maybeFlush(): Promise<void>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_BATCH = 50_000;
const PG_BATCH = 5_000;

/** The triggers that tell caches of each inserted row, set aside during the load (one tells at the end). */
const SCOPE_TRIGGERS = ['bookings_insert_scope', 'events_insert_scope'];

function sqliteWriter(dataDir: string, organizationId: string): Writer {
  const file = new Sqlite(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('busy_timeout = 10000');
  // As Marquee's connections commit (connect.ts), with room for the indexes the rows go into.
  file.pragma('synchronous = NORMAL');
  file.pragma('cache_size = -262144');
  const triggers = file
    .prepare(
      `select sql from sqlite_master where type = 'trigger' and name in (${SCOPE_TRIGGERS.map(() => '?').join(', ')})`,
    )
    .pluck()
    .all(...SCOPE_TRIGGERS) as string[];
  for (const name of SCOPE_TRIGGERS) file.exec(`drop trigger if exists ${name}`);
  const statements = Object.fromEntries(
    Object.entries(COLUMNS).map(([table, columns]) => [
      table,
      file.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      ),
    ]),
  ) as Record<Table, Sqlite.Statement>;
  // Rows in the order of foreign keys: bookings before their events, events before their holds.
  const pending: Record<Table, Value[][]> = {
    bookings: [],
    booking_spaces: [],
    events: [],
    event_spaces: [],
  };
  let count = 0;
  const write = file.transaction(() => {
    for (const table of Object.keys(COLUMNS) as Table[]) {
      for (const row of pending[table]) statements[table].run(row);
      pending[table] = [];
    }
  });
  return {
    add(table, row) {
      pending[table].push(row);
      count += 1;
    },
    async maybeFlush() {
      if (count < SQLITE_BATCH) return;
      count = 0;
      write();
    },
    async flush() {
      write();
    },
    async close() {
      file.transaction(() => {
        for (const trigger of triggers) file.exec(trigger);
        // What the triggers would have told: the organization's rows changed.
        file
          .prepare(
            `insert into cache_scopes (scope, version) values (?, (select coalesce(max(version), 0) + 1 from cache_scopes))
              on conflict (scope) do update set version = excluded.version`,
          )
          .run(organizationId);
      })();
      file.close();
    },
  };
}

async function postgresWriter(databaseUrl: string): Promise<Writer> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pending: Record<Table, Value[][]> = {
    bookings: [],
    booking_spaces: [],
    events: [],
    event_spaces: [],
  };
  let count = 0;
  const write = async () => {
    await client.query('begin');
    for (const table of Object.keys(COLUMNS) as Table[]) {
      const rows = pending[table];
      pending[table] = [];
      const columns = COLUMNS[table];
      for (let i = 0; i < rows.length; i += PG_BATCH) {
        const chunk = rows.slice(i, i + PG_BATCH);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) select * from unnest(${columns
            .map((c, n) => `$${n + 1}::${PG_TYPES[c] ?? 'text'}[]`)
            .join(', ')})`,
          columns.map((_, n) => chunk.map((row) => row[n])),
        );
      }
    }
    await client.query('commit');
  };
  return {
    add(table, row) {
      pending[table].push(row);
      count += 1;
    },
    async maybeFlush() {
      if (count < PG_BATCH * 10) return;
      count = 0;
      await write();
    },
    flush: write,
    async close() {
      await client.end();
    },
  };
}

/** Spaces and the counter's row are few: written with the rest's connection, as plain statements. */
async function writeVenueRows(
  dialect: 'sqlite' | 'postgres',
  target: { dataDir: string; databaseUrl?: string | undefined },
  statements: Array<{ sql: string; values: Value[] }>,
): Promise<void> {
  if (dialect === 'sqlite') {
    const file = new Sqlite(path.join(target.dataDir, SQLITE_FILE_NAME));
    file.pragma('busy_timeout = 10000');
    file.transaction(() => {
      for (const s of statements) file.prepare(s.sql.replace(/\$\d+/g, '?')).run(s.values);
    })();
    file.close();
    return;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  await client.query('begin');
  for (const s of statements) await client.query(s.sql, s.values);
  await client.query('commit');
  await client.end();
}

/** Where a venue's events begin and when it stops (the events venue: 2000 on, by events). */
export interface VenueShape {
  /** Stop once this many bookings are made (as well as at `count` events). */
  bookings?: number;
  /** The first day of events (ms, midnight UTC). */
  firstDay?: number;
  /** Before it, most definite bookings are closed. */
  closedBefore?: number;
}

/**
 * Seeds `count` events into the organization (which has no spaces or bookings yet). Returns the
 * venue's shape and what the loads need.
 */
export async function seedEventVenue(
  dialect: 'sqlite' | 'postgres',
  target: { dataDir: string; databaseUrl?: string | undefined },
  organizationId: string,
  count: number,
  shape: VenueShape = {},
): Promise<EventVenue> {
  const FIRST_DAY = shape.firstDay ?? FIRST_EVENTS_DAY;
  const CLOSED_BEFORE = shape.closedBefore ?? CLOSED_EVENTS_BEFORE;
  const bookingLimit = shape.bookings ?? Infinity;
  const next = random(20261127);
  const now = Date.now();
  const spaces = makeSpaces(next, now);
  const at = isoTime(now);
  await writeVenueRows(dialect, target, [
    ...spaces.map((s) => ({
      sql: `insert into spaces (id, organization_id, name, capacity, shareable, capacities, part_ids, created_at, updated_at)
          values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      values: [
        s.id,
        organizationId,
        s.name,
        s.capacity,
        s.shareable ? 1 : 0,
        JSON.stringify(s.capacities),
        JSON.stringify(s.parts),
        at,
        at,
      ],
    })),
    ...spaces.flatMap((s) =>
      s.parts.map((part) => ({
        sql: 'insert into space_parts (space_id, part_id) values ($1, $2)',
        values: [s.id, part],
      })),
    ),
  ]);

  const writer =
    dialect === 'sqlite'
      ? sqliteWriter(target.dataDir, organizationId)
      : await postgresWriter(target.databaseUrl!);
  const ballroom = spaces[0]!;
  const salons = new Set(ballroom.parts);
  const lawn = spaces.find((s) => s.shareable)!;
  const cellsPerDay = spaces.length * SLOTS.length;
  // Whether a definite (or closed) event holds each space's slot of each day, by day offset.
  let taken = new Uint8Array(cellsPerDay * 4096);
  const cell = (day: number, space: number, slot: number) => day * cellsPerDay + space * SLOTS.length + slot;
  const indexOf = new Map(spaces.map((s, i) => [s.id, i]));
  const take = (day: number, space: number, slot: number) => {
    while (cell(day + 1, 0, 0) > taken.length) {
      const larger = new Uint8Array(taken.length * 2);
      larger.set(taken);
      taken = larger;
    }
    taken[cell(day, space, slot)] = 1;
    // The ballroom and its salons: one held holds the other.
    if (space === 0) for (const part of ballroom.parts) taken[cell(day, indexOf.get(part)!, slot)] = 1;
    if (salons.has(spaces[space]!.id)) taken[cell(day, 0, slot)] = 1;
  };
  const isTaken = (day: number, space: number, slot: number) =>
    cell(day, space, slot) < taken.length && taken[cell(day, space, slot)] === 1;

  let events = 0;
  let bookings = 0;
  let longest = 0;
  const movable: string[] = [];
  const takenCells: EventVenue['takenCells'] = [];
  const freeCells: EventVenue['freeCells'] = [];

  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const dayIso = (day: number) => isoTime(FIRST_DAY + day * DAY).slice(0, 10);

  /** One booking: events at `times` on each of `days`, in `space`. */
  const book = async (
    space: BenchSpace,
    day: number,
    days: number,
    times: readonly Times[],
    status: 'definite' | 'closed' | 'lead' | 'tentative' | 'lost',
  ) => {
    if (bookings >= bookingLimit) return;
    const [kind, names] = pick(KINDS);
    const number = ++bookings;
    const firstStart = FIRST_DAY + day * DAY + times[0]!.start * MINUTE;
    // Booked 10 to 400 days ahead; its events made then too.
    const createdMs = firstStart - (10 + Math.floor(next() * 390)) * DAY;
    const created = isoTime(createdMs);
    const bookingId = newId(createdMs);
    const style = pick(STYLES);
    const room = space.capacities[style] ?? space.capacity;
    let guests = 0;
    let start = '';
    let end = '';
    const spaceIds = JSON.stringify([space.id]);
    for (let d = 0; d < days; d++) {
      for (const [n, t] of times.entries()) {
        const base = FIRST_DAY + (day + d) * DAY;
        const startAt = isoTime(base + t.start * MINUTE);
        const endAt = isoTime(base + t.end * MINUTE);
        const guestCount = Math.max(1, Math.floor(room * (0.3 + next() * 0.7)));
        guests = Math.max(guests, guestCount);
        if (start === '') start = startAt;
        end = endAt;
        const eventId = newId(createdMs);
        const holdMinutes = t.end - t.start + t.setup + t.teardown;
        longest = Math.max(longest, holdMinutes);
        writer.add('events', [
          eventId,
          organizationId,
          bookingId,
          times.length === 1 && days > 1 ? `Day ${d + 1}` : (names[n % names.length] ?? 'Main event'),
          status,
          startAt,
          endAt,
          t.setup,
          t.teardown,
          guestCount,
          status === 'definite' || status === 'closed' ? guestCount : null,
          style,
          spaceIds,
          ...wallClockRow(startAt, endAt),
          created,
          created,
        ]);
        writer.add('event_spaces', [
          eventId,
          space.id,
          organizationId,
          bookingId,
          status,
          isoTime(base + (t.start - t.setup) * MINUTE),
          isoTime(base + (t.end + t.teardown) * MINUTE),
        ]);
        events += 1;
        if (days === 1 && times.length === 1 && status === 'definite' && space !== lawn && next() < 0.05)
          movable.push(eventId);
      }
    }
    writer.add('bookings', [
      bookingId,
      organizationId,
      `BK-${String(number).padStart(5, '0')}`,
      `${kind} of client ${(number * 7919) % 100_003}`,
      status,
      start,
      end,
      ZONE,
      guests,
      kind,
      spaceIds,
      'GBP',
      guests * 4500,
      status === 'lost' ? 'Chose another venue' : null,
      null,
      null,
      null,
      created,
      created,
    ]);
    writer.add('booking_spaces', [bookingId, space.id]);
    await writer.maybeFlush();
  };

  let day = 0;
  for (; events < count && bookings < bookingLimit; day++) {
    const past = FIRST_DAY + day * DAY < CLOSED_BEFORE;
    for (const [s, space] of spaces.entries()) {
      for (let slot = 0; slot < SLOTS.length && events < count; slot++) {
        // Options and lost enquiries hold the slot whatever else does (each its own booking).
        if (next() < 0.3) {
          const status = past ? (next() < 0.7 ? 'lost' : 'tentative') : next() < 0.5 ? 'lead' : 'tentative';
          const slots = SLOTS.slice(slot, slot + 1 + Math.floor(next() * (SLOTS.length - slot)));
          await book(space, day, 1, slots, status);
        }
        if (isTaken(day, s, slot) && !space.shareable) continue;
        if (next() >= 0.55) {
          if (!space.shareable && !isTaken(day, s, slot) && s !== 0 && day % 3 === 0) {
            freeCells.push([space.id, dayIso(day), slot]);
          }
          continue;
        }
        const status = past && next() < 0.7 ? 'closed' : 'definite';
        // Several days of the same sessions, when those cells are free.
        let days = next() < 0.15 ? 2 + Math.floor(next() * 2) : 1;
        const allDay = slot === 0 && next() < 0.1;
        const slots = allDay
          ? [0, 1, 2]
          : Array.from({ length: 1 + Math.floor(next() * (3 - slot)) }, (_, i) => slot + i);
        const free = (d: number) => space.shareable || slots.every((k) => !isTaken(day + d, s, k));
        if (!free(0)) {
          slots.splice(1);
          days = 1;
        }
        for (let d = 1; d < days; d++) if (!free(d)) days = d;
        if (!space.shareable) for (let d = 0; d < days; d++) for (const k of slots) take(day + d, s, k);
        const times = allDay ? [ALL_DAY] : slots.map((k) => SLOTS[k]!);
        if (status === 'definite' && (days > 1 || times.length > 1) && !space.shareable)
          takenCells.push([space.id, dayIso(day), slot]);
        await book(space, day, days, times, status);
      }
    }
  }
  await writer.flush();
  await writer.close();
  await writeVenueRows(dialect, target, [
    {
      sql: `insert into booking_references (organization_id, last_number, longest_hold_minutes) values ($1, $2, $3)
        on conflict (organization_id) do update set last_number = excluded.last_number,
          longest_hold_minutes = excluded.longest_hold_minutes`,
      values: [organizationId, bookings, longest],
    },
  ]);
  // Free cells spread over the years, in an order that hops between them.
  const spread = <T>(list: T[], n: number) =>
    Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * 7919) % list.length)]!);
  return {
    spaces,
    firstDay: dayIso(0),
    lastDay: dayIso(day - 1),
    events,
    bookings,
    longestHoldMinutes: longest,
    movable: spread(movable, 5000),
    freeCells: spread(freeCells, 100_000),
    takenCells: spread(takenCells, 5000),
  };
}

/** The times of a slot on a day, as a PATCH of an event names them. */
export function slotTimes(day: string, slot: number) {
  const t = SLOTS[slot]!;
  const base = Date.parse(`${day}T00:00:00Z`);
  return {
    start_at: isoTime(base + t.start * MINUTE),
    end_at: isoTime(base + t.end * MINUTE),
    setup_minutes: t.setup,
    teardown_minutes: t.teardown,
  };
}
