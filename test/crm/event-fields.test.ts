/**
 * An event's fields (src/crm/events/event.fields.ts) are what its row, its value, its resource and
 * its write documents are rendered from: each attribute the API shows in its place, with its type,
 * its nullability and its limits; a declaration changed or left out fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeEvent, EVENT_FIELDS, EventWriteAttributes } from '../../src/crm/events/index.js';
import type { Event as EventRow } from '../../src/crm/events/event.table.js';
import { eventDefinition } from '../../src/crm/events/event.resource.js';

const ATTRIBUTES = [
  ...['name', 'start_at', 'end_at', 'setup_minutes', 'teardown_minutes', 'guest_count', 'guaranteed_count'],
  ...['setup_style', 'status', 'start_date', 'end_date', 'start_time', 'end_time', 'all_day', 'expected'],
  ...['custom_fields', 'created_at', 'updated_at'],
];

const ROW: EventRow = {
  id: 'ev-1',
  organization_id: 'org-1',
  booking_id: 'bk-1',
  name: 'Dinner',
  status: 'tentative',
  start_at: '2027-06-01T18:00:00.000Z',
  end_at: '2027-06-01T22:00:00.000Z',
  // As a driver may hand them over: as text.
  setup_minutes: '30' as unknown as number,
  teardown_minutes: 15,
  guest_count: '80' as unknown as number,
  guaranteed_count: null,
  setup_style: 'banquet',
  space_ids: '["sp-2","sp-1"]',
  start_date: '2027-06-01',
  end_date: '2027-06-01',
  start_time: '20:00',
  end_time: '00:00',
  all_day: 0,
  event_type_id: null,
  custom_fields: '{}',
  created_at: '2027-01-01T00:00:00.000Z',
  updated_at: '2027-01-02T00:00:00.000Z',
};

type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };
const resourceSchema = eventDefinition.schema as unknown as { properties: Record<string, Schema> };
const shownAttributes = resourceSchema.properties.attributes!;
const written = EventWriteAttributes as unknown as Schema;

describe("an event's fields", () => {
  it('are the attributes and relationships the API shows, in its order', () => {
    assert.deepEqual(Object.keys(shownAttributes.properties), ATTRIBUTES);
    assert.deepEqual(Object.keys(resourceSchema.properties.relationships!.properties), [
      'booking',
      'spaces',
      'space',
      'event_type',
    ]);
  });

  it('show each attribute with its type, its nullability and what it looks like', () => {
    const typeOf = (name: string) => shownAttributes.properties[name]!.type;
    assert.equal(typeOf('setup_minutes'), 'integer');
    assert.deepEqual(typeOf('guest_count'), ['integer', 'null']);
    assert.deepEqual(typeOf('start_time'), ['string', 'null']);
    assert.equal(shownAttributes.properties.start_time!.pattern, '^\\d{2}:\\d{2}$');
    assert.equal(shownAttributes.properties.start_date!.format, 'date');
    assert.equal(typeOf('all_day'), 'boolean');
    assert.deepEqual((shownAttributes.properties.setup_style!.enum as unknown[]).slice(-1), [null]);
    assert.equal(shownAttributes.properties.status!.description, "Its booking's status (read-only)");
    assert.equal(EVENT_FIELDS.status.writable, false);
    assert.equal(EVENT_FIELDS.expected.stored, false);
  });

  it('are what a write may give, in the order the API always documented, with their limits', () => {
    assert.deepEqual(Object.keys(written.properties), [
      ...['name', 'start_at', 'end_at', 'start_date', 'start_time', 'end_date', 'end_time', 'all_day'],
      ...['setup_minutes', 'teardown_minutes', 'guest_count', 'expected', 'guaranteed_count', 'setup_style'],
      'custom_fields',
    ]);
    assert.deepEqual(written.required, ['name']);
    const { minimum, maximum } = written.properties.setup_minutes!;
    assert.deepEqual([minimum, maximum], [0, 1440]);
    assert.equal(written.properties.name!.maxLength, 200);
    assert.equal(written.properties.guaranteed_count!.description, undefined);
    assert.equal(written.properties.start_time!.pattern, undefined);
  });

  it('decode its row into the value, and render the resource from it', () => {
    const event = decodeEvent(ROW);
    assert.equal(event.setupMinutes, 30);
    assert.equal(event.guestCount, 80);
    assert.equal(event.allDay, false);
    assert.deepEqual(event.spaceIds, ['sp-2', 'sp-1']);
    assert.equal(event.bookingId, 'bk-1');
    const resource = eventDefinition.toResource(ROW, 'https://x.test', { customFields: [] } as never);
    assert.deepEqual(Object.keys(resource.attributes), ATTRIBUTES);
    assert.equal(resource.attributes.expected, 80);
    assert.deepEqual(resource.relationships, {
      booking: { data: { type: 'bookings', id: 'bk-1' } },
      spaces: {
        data: [
          { type: 'spaces', id: 'sp-2' },
          { type: 'spaces', id: 'sp-1' },
        ],
      },
      space: { data: { type: 'spaces', id: 'sp-2' } },
      event_type: { data: null },
    });
  });
});
