/**
 * The benchmark's loads that no single URL describes: 1,800 distinct note pages in turn (sizes,
 * sorts and cursors differ, so the page cache cannot answer), the same with one request in ten a
 * POST /notes, 50 organizations at once (each connection reads and writes in its own), and
 * availability windows and event moves over the events venue (bench/seed-events.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { random, slotTimes } from './seed-events.js';

const PAGE_SIZES = [10, 20, 25, 40, 50];
const SORTS = ['-created_at', 'created_at', '-updated_at', 'updated_at'];
export const DISTINCT_PAGES = 1800;

type Info = Record<string, string>;

const headers = (info: Info, org: string) => ({
  authorization: `Bearer ${info.token}`,
  'x-api-org': org,
});

/** Walks the notes venue's notes in every size and sort, collecting the path of each page. */
export async function notePagePaths(info: Info): Promise<string[]> {
  const walks: string[][] = [];
  for (const sort of SORTS) {
    for (const size of PAGE_SIZES) {
      const walk: string[] = [];
      let next: string | null = `/notes?sort=${sort}&page[size]=${size}`;
      while (next) {
        walk.push(next);
        const response = await fetch(`${info.url}${next}`, { headers: headers(info, info.notesOrg!) });
        const body = (await response.json()) as { links: { next: string | null } };
        const link = body.links.next ? new URL(body.links.next) : null;
        next = link ? `${link.pathname}${link.search}` : null;
      }
      walks.push(walk);
    }
  }
  // Interleaved, so neighbouring requests differ in size and sort as well as cursor.
  const paths: string[] = [];
  for (let i = 0; paths.length < DISTINCT_PAGES; i++) {
    for (const walk of walks) if (walk[i] && paths.length < DISTINCT_PAGES) paths.push(walk[i]!);
  }
  return paths;
}

/**
 * The bytes a Marquee contender serves for its bookings page and for each note page of `paths`,
 * written to two files for the `fastify-memory` contender (bench/contenders.ts), which sends them
 * from memory: the most any server could do with those pages on this machine.
 */
export async function writeServedPages(
  info: Info,
  paths: readonly string[],
): Promise<{ pageFile: string; notePagesFile: string }> {
  const page = await fetch(`${info.url}/v2/bookings`, { headers: headers(info, info.org!) });
  const pageFile = path.join(os.tmpdir(), `marquee-bench-page-${process.pid}.json`);
  writeFileSync(pageFile, Buffer.from(await page.arrayBuffer()));
  const notePages: Record<string, string> = {};
  for (const notePath of paths) {
    const response = await fetch(`${info.url}${notePath}`, { headers: headers(info, info.notesOrg!) });
    notePages[notePath] = Buffer.from(await response.arrayBuffer()).toString('base64');
  }
  const notePagesFile = path.join(os.tmpdir(), `marquee-bench-note-pages-${process.pid}.json`);
  writeFileSync(notePagesFile, JSON.stringify(notePages));
  return { pageFile, notePagesFile };
}

const noteBody = (bookingId: string) =>
  JSON.stringify({
    data: {
      type: 'notes',
      attributes: { body: 'Benchmark note' },
      relationships: { notable: { data: { type: 'bookings', id: bookingId } } },
    },
  });

function post(request: autocannon.Request, info: Info, org: string, bookingId: string): autocannon.Request {
  return {
    ...request,
    method: 'POST',
    path: '/notes',
    headers: { ...headers(info, org), 'content-type': 'application/vnd.api+json' },
    body: noteBody(bookingId),
  };
}

/** The distinct pages in turn; every `writeEvery`-th request a POST /notes instead (0: never). */
export function distinctPages(info: Info, paths: readonly string[], writeEvery = 0): autocannon.Options {
  let n = 0;
  return {
    url: info.url!,
    headers: headers(info, info.notesOrg!),
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          if (writeEvery > 0 && n % writeEvery === 0) {
            return post(request, info, info.notesOrg!, info.notesBooking!);
          }
          return { ...request, method: 'GET', body: undefined, path: paths[n % paths.length]! };
        },
      },
    ],
  };
}

/**
 * Each connection in its own organization: its bookings page, and every `writeEvery`-th request
 * a note in that organization (whose commit must not empty the other organizations' pages).
 */
export function manyOrganizations(info: Info, writeEvery: number): autocannon.Options {
  const venues = info.venues!.split(',');
  const bookings = info.venueBookings!.split(',');
  let connections = 0;
  return {
    url: info.url!,
    requests: [
      {
        setupRequest: (request, connection) => {
          const context = connection as Record<string, number>;
          context.venue ??= connections++ % venues.length;
          context.n = (context.n ?? 0) + 1;
          const venue = context.venue;
          if (context.n % writeEvery === 0) return post(request, info, venues[venue]!, bookings[venue]!);
          return {
            ...request,
            method: 'GET',
            body: undefined,
            path: '/v2/bookings',
            headers: headers(info, venues[venue]!),
          };
        },
      },
    ],
  };
}

/** The loads the profiling and comparing tools run, by name. */
export const NAMED_LOADS = [
  'same',
  'distinct',
  'mixed',
  'notes',
  'orgs',
  'token',
  'availability',
  'moves',
] as const;

/** Whether the load `name` needs the note page paths (notePagePaths) first. */
export const needsPagePaths = (name: string) => name === 'distinct' || name === 'mixed';

/** The autocannon options of the load `name` against a contender (`paths` from notePagePaths). */
export function namedLoad(name: string, info: Info, paths: readonly string[]): autocannon.Options {
  switch (name) {
    case 'same':
      return { url: `${info.url}/v2/bookings`, headers: headers(info, info.org!) };
    case 'distinct':
      return distinctPages(info, paths);
    case 'mixed':
      return distinctPages(info, paths, 10);
    case 'notes':
      // Every request a POST /notes.
      return distinctPages(info, paths, 1);
    case 'orgs':
      return manyOrganizations(info, 10);
    case 'token':
      return {
        url: `${info.url}/oauth/token`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: info.clientId!,
          client_secret: info.clientSecret!,
        }).toString(),
      };
    case 'availability':
      return availabilityQueries(info);
    case 'moves':
      return eventMoves(info);
    default:
      throw new Error(`unknown load ${name}: ${NAMED_LOADS.join(' | ')}`);
  }
}

interface EventsPlan {
  spaces: Array<{ id: string; capacity: number }>;
  firstDay: string;
  lastDay: string;
  movable: string[];
  freeCells: Array<[string, string, number]>;
  takenCells: Array<[string, string, number]>;
}

const plans = new Map<string, EventsPlan>();
function eventsPlan(info: Info): EventsPlan {
  const file = info.eventsPlan!;
  let plan = plans.get(file);
  if (!plan) plans.set(file, (plan = JSON.parse(readFileSync(file, 'utf8')) as EventsPlan));
  return plan;
}

const AVAILABILITY_STYLES = ['banquet', 'theatre', 'classroom', 'reception', 'cabaret'];
export const AVAILABILITY_QUERIES = 20_000;

/**
 * GET /v2/availability over the events venue (bench/seed-events.ts): 20,000 windows in turn, each
 * on a day drawn from the venue's years, starting between 07:00 and 20:00 and lasting 2 to 8 hours,
 * for 10 to 400 guests in a setup style.
 */
export function availabilityQueries(info: Info): autocannon.Options {
  const plan = eventsPlan(info);
  const next = random(7);
  const first = Date.parse(`${plan.firstDay}T00:00:00Z`);
  const days = (Date.parse(`${plan.lastDay}T00:00:00Z`) - first) / 86_400_000 + 1;
  const paths = Array.from({ length: AVAILABILITY_QUERIES }, () => {
    const start =
      first + Math.floor(next() * days) * 86_400_000 + (7 * 60 + Math.floor(next() * 52) * 15) * 60_000;
    const end = start + (2 * 60 + Math.floor(next() * 25) * 15) * 60_000;
    const style = AVAILABILITY_STYLES[Math.floor(next() * AVAILABILITY_STYLES.length)]!;
    const guests = 10 + Math.floor(next() * 391);
    return `/v2/availability?start_at=${new Date(start).toISOString()}&end_at=${new Date(end).toISOString()}&guest_count=${guests}&setup_style=${style}`;
  });
  let n = 0;
  return {
    url: info.url!,
    headers: headers(info, info.eventsOrg!),
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length]! }) }],
  };
}

/**
 * PATCH /v2/events/{id} moving the only event of a definite booking (so the booking's times
 * follow) to another space, day and slot, with its double-booking check: nine in ten to where no
 * definite event is (200; each free place taken once), one in ten onto a definite event (409).
 * The venue keeps its size: an event moves, none is added.
 */
export function eventMoves(info: Info): autocannon.Options {
  const plan = eventsPlan(info);
  let n = 0;
  let free = 0;
  return {
    url: info.url!,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const id = plan.movable[n % plan.movable.length]!;
          const [spaceId, day, slot] =
            n % 10 === 0
              ? plan.takenCells[(n / 10) % plan.takenCells.length]!
              : plan.freeCells[free++ % plan.freeCells.length]!;
          return {
            ...request,
            method: 'PATCH',
            path: `/v2/events/${id}`,
            headers: { ...headers(info, info.eventsOrg!), 'content-type': 'application/vnd.api+json' },
            body: JSON.stringify({
              data: {
                type: 'events',
                id,
                attributes: { ...slotTimes(day, slot), guest_count: 10, setup_style: 'theatre' },
                relationships: { spaces: { data: [{ type: 'spaces', id: spaceId }] } },
              },
            }),
          };
        },
      },
    ],
  };
}
