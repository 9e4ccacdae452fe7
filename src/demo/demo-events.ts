/**
 * A program's events on a day of the venue: each slot at its wall-clock time in the venue's zone
 * (so on a daylight-saving day too), for the share of the booking's guests it is for, never more
 * than each of its spaces takes set for its style (the rule of ../crm/events/event-rules.ts).
 */
import { capacityFor, type EventFields } from '../crm/events/index.js';
import type { SpaceFact } from '../crm/facts.js';
import { addDays, wallClockOf, zonedToUtc } from '../wall-clock.js';
import type { DemoSpaces } from './demo-spaces.js';
import type { Program } from './demo-programs.js';

export type PlannedEvent = Omit<EventFields, 'booking_id' | 'status' | 'event_type_id'>;

const MINUTE = 60_000;

export function plannedEvents(
  program: Program,
  firstDay: string,
  zone: string,
  guests: number,
  spaces: DemoSpaces,
  facts: ReadonlyMap<string, SpaceFact>,
): PlannedEvent[] {
  return program.slots.map((slot) => {
    const start = zonedToUtc(`${addDays(firstDay, slot.day ?? 0)}T${slot.at}`, zone) ?? 0;
    const spaceIds = slot.spaces.map((name) => spaces.id(name));
    const room = Math.min(...spaceIds.map((id) => capacityFor(facts.get(id)!, slot.style) ?? Infinity));
    const times = {
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + slot.minutes * MINUTE).toISOString(),
      all_day: 0,
    };
    return {
      name: slot.name,
      ...times,
      ...wallClockOf(times, zone),
      setup_minutes: slot.setup,
      teardown_minutes: slot.teardown,
      guest_count: Math.min(room, Math.max(1, Math.round(guests * (slot.share ?? 1)))),
      guaranteed_count: null,
      setup_style: slot.style,
      space_ids: JSON.stringify(spaceIds),
      custom_fields: '{}',
    };
  });
}
