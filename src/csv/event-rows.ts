/**
 * An events row read into the input of the API's rules (src/crm/events/event-rules.ts): the
 * booking by id or reference (references.ts), spaces by id, the event type by its value; whole
 * numbers within the bounds of the API's request schema (src/crm/events/event.bodies.ts).
 */
import { type EventBulkFacts, type EventInput, EventWriteAttributes } from '../crm/events/index.js';
import { typeNamed } from '../crm/event-types/index.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { bookingOf, rowSpaces } from './references.js';
import type { RowErrors } from './row-errors.js';

const MAX_MINUTES = 1440;
const MAX_GUESTS = 1_000_000;

export function eventInputOf(row: CsvRow, errors: RowErrors, facts: EventBulkFacts): EventInput {
  const reader = new RowReader(row, errors, EventWriteAttributes);
  return {
    name: reader.text('name') ?? '',
    start_at: reader.dateTime('start_at'),
    end_at: reader.dateTime('end_at'),
    setup_minutes: reader.integer('setup_minutes', 0, MAX_MINUTES) ?? undefined,
    teardown_minutes: reader.integer('teardown_minutes', 0, MAX_MINUTES) ?? undefined,
    guest_count: reader.integer('guest_count', 0, MAX_GUESTS),
    guaranteed_count: reader.integer('guaranteed_count', 0, MAX_GUESTS),
    setup_style: reader.text('setup_style', false)?.toLowerCase() ?? null,
    bookingId: bookingOf(reader, facts),
    spaceIds: rowSpaces(reader, facts.spaces, 'space_names'),
    ...eventTypeOf(reader, facts),
  };
}

const MAX_TYPE = 100;

/** The row's event type by its value, whatever its case; a new one is made with the event. */
function eventTypeOf(
  reader: RowReader,
  facts: EventBulkFacts,
): Pick<EventInput, 'eventTypeId' | 'newEventType'> {
  const value = reader.text('event_type', false);
  if (value === null) return {};
  if (value.length > MAX_TYPE || /[\r\n]/.test(value)) {
    reader.problem('event_type', `An event type is one line of at most ${MAX_TYPE} characters.`);
    return {};
  }
  const known = typeNamed(facts.eventTypes, value);
  return known ? { eventTypeId: known.id } : { newEventType: value };
}
