/**
 * An event's fields (SPEC §11, §15), each declared once for every door (src/crm/data/fields.ts):
 * the API's attributes and relationships, in the order it shows them. Its wall-clock days and
 * times are kept beside its instants (src/crm/events/event-wall-clock.ts); `expected` (Event
 * Temple's name for its guests) and its one `space` are made from the others when it is shown.
 * Its custom fields' values (SPEC §19) are kept beside them, in `custom_fields`.
 */
import { BOOKING_STATUSES } from '../bookings/booking.table.js';
import { defineFields, derived, field } from '../data/fields.js';
import { SETUP_STYLES } from '../spaces/space.table.js';

/** Neither merged as `{{ event.<name> }}` nor shown to the assistant. */
const UNSHOWN = { merge: false, assistant: false } as const;
/** Its wall clock: not a column of the CSV (its instants are). */
const CLOCK = { csv: false, ...UNSHOWN } as const;
const GUESTS = { minimum: 0, maximum: 1_000_000 } as const;
const MINUTES = { minimum: 0, maximum: 1440 } as const;
const HH_MM = '^\\d{2}:\\d{2}$';

export const EVENT_FIELDS = defineFields({
  name: field('text', 'Name', {
    writable: true,
    description: 'e.g. Ceremony, Dinner',
    limits: { minLength: 1, maxLength: 200 },
  }),
  start_at: field('instant', 'Starts', {
    writable: true,
    writeDescription: 'When it starts (RFC 3339); or give start_date and start_time',
  }),
  end_at: field('instant', 'Ends', {
    writable: true,
    writeDescription: 'When it ends; after start_at, at most 31 days later; or give end_date and end_time',
  }),
  setup_minutes: field('integer', 'Setup minutes', {
    writable: true,
    description: 'Its spaces are held this long before it starts',
    writeDescription: 'Its spaces are held this long before it starts; 0–1440, default 0',
    limits: MINUTES,
  }),
  teardown_minutes: field('integer', 'Teardown minutes', {
    writable: true,
    description: 'Its spaces are held this long after it ends',
    writeDescription: 'Its spaces are held this long after it ends; 0–1440, default 0',
    limits: MINUTES,
  }),
  guest_count: field('integer', 'Guests', {
    nullable: true,
    writable: true,
    description: 'Guests expected',
    writeDescription: 'Expected; must fit each space for its setup style',
    limits: GUESTS,
  }),
  guaranteed_count: field('integer', 'Guaranteed', {
    nullable: true,
    writable: true,
    description: 'Guests guaranteed (charged for)',
    writeDescription: '',
    limits: GUESTS,
  }),
  setup_style: field('enum', 'Setup style', {
    nullable: true,
    writable: true,
    values: SETUP_STYLES,
    description: 'How the room is set',
    writeDescription: '',
  }),
  status: field('enum', 'Status', {
    values: BOOKING_STATUSES,
    description: "Its booking's status (read-only)",
  }),
  start_date: field('date', 'Start date', {
    ...CLOCK,
    description: "The day it starts, in its booking's time zone",
  }),
  end_date: field('date', 'End date', {
    ...CLOCK,
    description: "The day it ends, in its booking's time zone (an all-day event's last day)",
  }),
  start_time: field('text', 'Start time', {
    ...CLOCK,
    nullable: true,
    description: "HH:MM it starts, in its booking's time zone; null when all day",
    shape: { pattern: HH_MM },
  }),
  end_time: field('text', 'End time', {
    ...CLOCK,
    nullable: true,
    description: "HH:MM it ends, in its booking's time zone; null when all day",
    shape: { pattern: HH_MM },
  }),
  all_day: field('boolean', 'All day', {
    ...CLOCK,
    writable: true,
    description: 'Whether it takes whole days, from start_date to end_date',
    writeDescription: 'Whole days from start_date to end_date; default when no times are given',
  }),
  expected: derived('integer', 'Expected', {
    ...CLOCK,
    nullable: true,
    description: 'Guests expected (guest_count by its Event Temple name)',
  }),
  booking_id: field('id', 'Booking', {
    writable: true,
    writeDescription: 'Required on create; an event stays with its booking',
    relationship: { name: 'booking', type: 'bookings' },
    ...UNSHOWN,
  }),
  space_ids: field('id_list', 'Spaces held', {
    writable: true,
    relationship: { name: 'spaces', type: 'spaces' },
    ...UNSHOWN,
  }),
  // The first of its spaces (Event Temple's `space`), or none.
  space_id: derived('id', 'Space', {
    nullable: true,
    relationship: { name: 'space', type: 'spaces' },
    ...CLOCK,
  }),
  event_type_id: field('id', 'Event type', {
    nullable: true,
    writable: true,
    writeDescription: "One of /v2/event_types; default its booking's",
    relationship: { name: 'event_type', type: 'event_types' },
    ...CLOCK,
  }),
  created_at: field('instant', 'Created', UNSHOWN),
  updated_at: field('instant', 'Updated', UNSHOWN),
});
