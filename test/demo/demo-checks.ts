/**
 * What the demo venue must show, as checks over its bookings and events however they were read
 * (from the generator, or from a seeded database): problems are listed, so a failure names them.
 */
import { capacityFor } from '../../src/crm/events/event-rules.js';
import { occupiedStretch, spacesClash } from '../../src/crm/occupancy/index.js';
import type { SpaceFact } from '../../src/crm/facts.js';
import { addDays, localDate, localTime, mondayOf, zonedToUtc } from '../../src/web/workspace/time-zones.js';

export interface DemoEvent {
  name: string;
  start_at: string;
  end_at: string;
  setup_minutes: number;
  teardown_minutes: number;
  guest_count: number | null;
  setup_style: string | null;
  space_ids: string;
}

export interface DemoBookingView {
  reference: string;
  status: string;
  event_type: string | null;
  events: DemoEvent[];
}

export interface DemoView {
  zone: string;
  spaces: ReadonlyMap<string, SpaceFact>;
  bookings: DemoBookingView[];
}

const spaceIds = (event: DemoEvent) => JSON.parse(event.space_ids) as string[];
const holds = (status: string) => status === 'definite' || status === 'closed';

function clash(view: DemoView, a: DemoEvent, b: DemoEvent): boolean {
  const x = occupiedStretch(a);
  const y = occupiedStretch(b);
  return x.from < y.until && y.from < x.until && spacesClash(spaceIds(a), spaceIds(b), view.spaces);
}

const label = (b: DemoBookingView, e: DemoEvent) => `${b.reference} ${e.name} ${e.start_at}`;

/** Events over the capacity of one of their spaces, set for their style. */
export function overCapacity(view: DemoView): string[] {
  return view.bookings.flatMap((b) =>
    b.events.flatMap((e) =>
      spaceIds(e)
        .map((id) => view.spaces.get(id)!)
        .filter((space) => (e.guest_count ?? 0) > (capacityFor(space, e.setup_style) ?? Infinity))
        .map((space) => `${label(b, e)}: ${e.guest_count} in ${space.name} (${e.setup_style})`),
    ),
  );
}

/** Pairs of events of two bookings that hold their spaces (definite, or closed) needing one space at once. */
export function doubleBookings(view: DemoView): string[] {
  const held = view.bookings.filter((b) => holds(b.status)).flatMap((b) => b.events.map((e) => ({ b, e })));
  const found: string[] = [];
  held.forEach(({ b, e }, i) => {
    for (const other of held.slice(i + 1)) {
      if (other.b !== b && clash(view, e, other.e)) found.push(`${label(b, e)} / ${label(other.b, other.e)}`);
    }
  });
  return found;
}

/** Pairs of one booking's events needing one space at once (a breakout in a salon during a plenary). */
export function ownClashes(view: DemoView): string[] {
  return view.bookings.flatMap((b) =>
    b.events.flatMap((e, i) =>
      b.events
        .slice(i + 1)
        .flatMap((other) => (clash(view, e, other) ? [`${label(b, e)} / ${other.name}`] : [])),
    ),
  );
}

/** The local dates an event touches (its own times). */
const dates = (view: DemoView, e: DemoEvent) => [
  localDate(Date.parse(e.start_at), view.zone),
  localDate(Date.parse(e.end_at) - 1, view.zone),
];

/** Conferences that hold their spaces, over two days, with breakouts in parts of a combined space. */
export function twoDayConferences(view: DemoView): DemoBookingView[] {
  const parts = new Set([...view.spaces.values()].flatMap((s) => s.parts));
  return view.bookings.filter(
    (b) =>
      b.event_type === 'Conference' &&
      holds(b.status) &&
      new Set(b.events.flatMap((e) => dates(view, e))).size === 2 &&
      b.events.filter((e) => e.name.startsWith('Breakout') && spaceIds(e).some((id) => parts.has(id)))
        .length >= 2 &&
      b.events.some((e) => spaceIds(e).some((id) => (view.spaces.get(id)?.parts.length ?? 0) > 0)),
  );
}

/** The Monday of the week holding `now`, in the venue's zone (as the week view opens). */
export const mondayAt = (now: number, zone: string) => mondayOf(localDate(now, zone));

export interface DayLoad {
  day: string;
  events: number;
  spaces: number;
  held: number;
}

/** Per day of the current week and the next: the events not lost on it, the spaces they use, those held. */
export function fortnightLoad(view: DemoView, now: number): DayLoad[] {
  const monday = mondayAt(now, view.zone);
  return Array.from({ length: 14 }, (_, i) => {
    const day = addDays(monday, i);
    const from = zonedToUtc(day, view.zone)!;
    const until = zonedToUtc(addDays(day, 1), view.zone)!;
    const on = view.bookings
      .filter((b) => b.status !== 'lost')
      .flatMap((b) => b.events.map((e) => ({ b, e })))
      .filter(({ e }) => Date.parse(e.start_at) < until && Date.parse(e.end_at) > from);
    return {
      day,
      events: on.length,
      spaces: new Set(on.flatMap(({ e }) => spaceIds(e))).size,
      held: on.filter(({ b }) => holds(b.status)).length,
    };
  });
}

/** Options (lead, tentative) of next week whose events share a space with a definite one at once. */
export function optionsOverDefinite(view: DemoView, now: number): string[] {
  const from = zonedToUtc(addDays(mondayAt(now, view.zone), 7), view.zone)!;
  const until = zonedToUtc(addDays(mondayAt(now, view.zone), 14), view.zone)!;
  const within = (e: DemoEvent) => Date.parse(e.start_at) >= from && Date.parse(e.start_at) < until;
  const of = (statuses: string[]) =>
    view.bookings
      .filter((b) => statuses.includes(b.status))
      .flatMap((b) => b.events.filter(within).map((e) => ({ b, e })));
  const definite = of(['definite']);
  return of(['lead', 'tentative']).flatMap(({ b, e }) =>
    definite.some((d) => clash(view, e, d.e)) ? [label(b, e)] : [],
  );
}

/** The fortnight's events in the venue's terms: day of the fortnight, wall-clock times, name and rooms. */
export function fortnightShape(view: DemoView, now: number): string[] {
  const monday = mondayAt(now, view.zone);
  const from = zonedToUtc(monday, view.zone)!;
  const until = zonedToUtc(addDays(monday, 14), view.zone)!;
  const dayOf = (ms: number) =>
    Math.round(
      (Date.parse(`${localDate(ms, view.zone)}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000,
    );
  return view.bookings
    .flatMap((b) => b.events.map((e) => ({ b, e })))
    .filter(({ e }) => Date.parse(e.start_at) >= from && Date.parse(e.start_at) < until)
    .map(({ b, e }) => {
      const start = Date.parse(e.start_at);
      const end = Date.parse(e.end_at);
      const rooms = spaceIds(e)
        .map((id) => view.spaces.get(id)!.name)
        .join('+');
      return `${dayOf(start)} ${localTime(start, view.zone)}–${localTime(end, view.zone)} ${b.event_type} ${e.name} @ ${rooms} (−${e.setup_minutes}/+${e.teardown_minutes}, ${e.setup_style})`;
    })
    .sort();
}
